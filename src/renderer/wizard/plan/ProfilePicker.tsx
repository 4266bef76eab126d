// The three profiles with the time each would take.
import type { BenchPlan } from '../../../shared/contract/bench';
import { formatDuration } from '../../../shared/format';
import { PROFILE_IDS, PROFILES, type ProfileId } from '../../../shared/bench/catalogue';

export function ProfilePicker(props: {
  profile: ProfileId;
  plans: Partial<Record<ProfileId, BenchPlan>>;
  onChange(p: ProfileId): void;
}) {
  const { profile, plans } = props;
  return (
    <fieldset className="profiles">
      <legend>Profile</legend>
      {PROFILE_IDS.map((id) => PROFILES[id]).map((p) => (
        <label key={p.id} className={profile === p.id ? 'profile selected' : 'profile'}>
          <input
            type="radio"
            name="profile"
            value={p.id}
            checked={profile === p.id}
            onChange={() => props.onChange(p.id)}
          />
          <span className="profile-title">{p.title}</span>
          <span className="muted">{p.blurb}</span>
          <span className="profile-time" data-testid={`plan-time-${p.id}`}>
            {plans[p.id] ? `≈ ${formatDuration(plans[p.id]!.totalSeconds)}` : '…'}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
