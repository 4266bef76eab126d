// The "Save to" path field of the screens that save a file where the person types (the report in
// browser mode, the fleet's PDF and CSV): one label, one full-path input, and Browse….
import { BrowseButton } from './chooser/BrowseButton';

export function SavePathField(props: {
  value: string;
  onChange: (path: string) => void;
  placeholder: string;
  label: string;
  /** The file type saved ('pdf', 'csv'), for the chooser's filter. */
  extension?: string;
}) {
  return (
    <span className="dw-save-path">
      <label>
        Save to{' '}
        <input
          type="text"
          value={props.value}
          placeholder={props.placeholder}
          aria-label={props.label}
          spellCheck={false}
          onChange={(e) => props.onChange(e.target.value)}
        />
      </label>{' '}
      <BrowseButton
        kind="save"
        title={props.label}
        current={props.value || props.placeholder.split('/').pop()}
        {...(props.extension ? { extensions: [props.extension] } : {})}
        onChosen={props.onChange}
      />
    </span>
  );
}
