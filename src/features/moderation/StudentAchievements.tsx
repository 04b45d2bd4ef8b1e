import type { AchievementLookup, Decision, StudentAchievement } from '../../state/moderation.ts';
import { DecisionForm } from './DecisionForm.tsx';
import { when } from './deskDates.ts';
import { StudentLookupSection } from './StudentLookupSection.tsx';

function AchievementItem({ unlock, decide }: { unlock: StudentAchievement; decide: (decision: Decision, done: string) => Promise<void> }) {
  const subject = `${unlock.username}'s "${unlock.title}" in ${unlock.game_title}`;
  return (
    <li className="desk-item" data-testid="desk-achievement">
      <div className="desk-details">
        <p className="desk-headline">
          <strong>{unlock.title}</strong> in {unlock.game_title} · {unlock.points} points
          {unlock.reward > 0 && ` · paid ${unlock.reward.toLocaleString('en-US')} Dabloons`}
        </p>
        <p className="muted">
          Unlocked {when(unlock.unlocked_at)}
          {unlock.revoked_at !== null && `; taken back ${when(unlock.revoked_at)}`}
        </p>
        {unlock.revoked_at === null && (
          <DecisionForm
            subject={subject}
            choices={[
              {
                label: 'Take back',
                variant: 'danger',
                defaultReason: 'Not earned by play.',
                onDecide: (reason) => decide({ kind: 'achievement', unlockId: unlock.unlock_id, reason }, `Took back ${subject} and its reward.`),
              },
            ]}
          />
        )}
      </div>
    </li>
  );
}

/**
 * Finding a student's achievements and taking one back with its reward (issue 29): a badge no play could
 * have earned, found by a moderator. Taken-back ones stay listed, marked, and cannot be given back.
 */
export function StudentAchievements({
  achievements,
  findAchievements,
  decide,
}: {
  achievements: AchievementLookup;
  findAchievements: (username: string) => void;
  decide: (decision: Decision, done: string) => Promise<void>;
}) {
  return (
    <StudentLookupSection
      title="Achievements"
      what="achievements"
      button="Find achievements"
      lookup={achievements}
      find={findAchievements}
      none={(username) => `${username} has unlocked no achievement yet.`}
      row={(unlock) => <AchievementItem key={unlock.unlock_id} unlock={unlock} decide={decide} />}
    />
  );
}
