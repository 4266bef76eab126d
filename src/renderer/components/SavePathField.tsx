// The "Save to" path field of the screens that save a file where the person types (the report in
// browser mode, the fleet's PDF and CSV): one label, one full-path input.
export function SavePathField(props: {
  value: string;
  onChange: (path: string) => void;
  placeholder: string;
  label: string;
}) {
  return (
    <label className="dw-save-path">
      Save to{' '}
      <input
        type="text"
        value={props.value}
        placeholder={props.placeholder}
        aria-label={props.label}
        spellCheck={false}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </label>
  );
}
