// R's own view: the professional profile as a readable page rather than a tree.
import { typedBody } from '../lookups/answer.ts';
import { profileDetailsResponse } from '../lookups/r-profile-details.ts';
import type { OwnViewProps } from '../results/slots.ts';
import { Fact } from './fact.tsx';
import { outlineProfile } from './profile-fields.ts';
import { ViewMessage } from './view-message.tsx';
import './views.css';

export default function ProfileView({ answer }: OwnViewProps) {
  // R declares its body exactly: a personal or a company profile, never wrapped.
  const profile = typedBody(answer, profileDetailsResponse)?.body;
  // The union is told apart by profile_type: without a valid one the body is neither kind.
  if (profile?.profile_type !== 'personal' && profile?.profile_type !== 'company')
    return <ViewMessage>This body has no profile to show.</ViewMessage>;
  const outline = outlineProfile(profile);
  return (
    <article className="view-card profile-view" aria-labelledby="profile-heading">
      <header>
        <h3 id="profile-heading">{outline.name ?? 'Profile'}</h3>
        {outline.headline && <p className="profile-view__headline">{outline.headline}</p>}
        {outline.location && <p className="muted">{outline.location}</p>}
      </header>
      {outline.about && <p>{outline.about}</p>}
      {outline.facts.length > 0 && (
        <dl className="fact-list">
          {outline.facts.map(([name, value]) => (
            <Fact key={name} name={name}>
              {value}
            </Fact>
          ))}
        </dl>
      )}
      {outline.tags.map(([name, tags]) => (
        <section key={name} aria-label={name}>
          <h4>{name}</h4>
          <ul className="chips">
            {tags.map((tag, index) => (
              <li key={`${tag}-${index}`}>{tag}</li>
            ))}
          </ul>
        </section>
      ))}
      {outline.lists.map(([name, entries]) => (
        <section key={name} aria-label={name}>
          <h4>{name}</h4>
          <ul className="plain-list">
            {entries.map((entry, index) => (
              <li key={`${entry}-${index}`}>{entry}</li>
            ))}
          </ul>
        </section>
      ))}
    </article>
  );
}
