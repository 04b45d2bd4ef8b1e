import { useId, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { appThumbnail } from '../../domain/appThumbnail.ts';
import { categoryLabel } from '../../domain/categories.ts';
import { gamePath } from '../../domain/slug.ts';
import type { AppRow } from '../../state/useCatalogue.ts';
import { showFallback } from './ShelfList.tsx';

/** A short list under the field: enough to pick from as you type, the grid below has the rest. */
export const SUGGESTIONS = 6;

interface GameSearchProps {
  query: string;
  onQuery: (query: string) => void;
  /** The games the query matches, in order: the first few are suggested. */
  matches: readonly AppRow[];
  placeholder: string;
}

/**
 * The search field, suggesting the matching games as the student types (the ARIA combobox pattern):
 * arrows move through the suggestions, Enter opens the game chosen, Escape closes the list. The list
 * lies over the page (it moves nothing); the grid below narrows on each keystroke as before.
 */
export function GameSearch({ query, onQuery, matches, placeholder }: GameSearchProps) {
  const id = useId();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const suggestions = query.trim() === '' ? [] : matches.slice(0, SUGGESTIONS);
  const expanded = open && suggestions.length > 0;
  const current = expanded && active < suggestions.length ? active : -1;
  const optionId = (index: number) => `${id}-option-${index}`;

  const choose = (app: AppRow) => {
    setOpen(false);
    void navigate(gamePath(app));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (suggestions.length === 0) return;
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setOpen(true);
      // From the field, down goes to the first suggestion and up to the last; past either end, back to the field.
      const next = current + step;
      setActive(!expanded ? (step === 1 ? 0 : suggestions.length - 1) : next < -1 ? suggestions.length - 1 : next >= suggestions.length ? -1 : next);
    } else if (event.key === 'Enter') {
      const chosen = current >= 0 ? suggestions[current] : undefined;
      if (chosen === undefined) return;
      event.preventDefault();
      choose(chosen);
    } else if (event.key === 'Escape' && expanded) {
      // The list closes first; a second Escape clears the field, as a search field's Escape does.
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <div className="game-search">
      <label className="visually-hidden" htmlFor="app-search">
        Search games
      </label>
      <input
        id="app-search"
        className="input"
        type="search"
        role="combobox"
        aria-expanded={expanded}
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        {...(current >= 0 ? { 'aria-activedescendant': optionId(current) } : {})}
        placeholder={placeholder}
        value={query}
        autoComplete="off"
        onChange={(event) => {
          onQuery(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        data-testid="app-search"
      />
      <ul id={`${id}-list`} className="game-search-list" role="listbox" aria-label="Suggested games" hidden={!expanded} data-testid="search-suggestions">
        {expanded &&
          suggestions.map((app, index) => (
            <li
              key={app.id}
              id={optionId(index)}
              role="option"
              aria-selected={index === current}
              className="game-search-option"
              // Chosen as the pointer presses, before the field's blur closes the list; the keyboard chooses
              // from the field (Enter). A touch that scrolls the page sends no mouse events: only a tap chooses.
              onMouseDown={(event) => {
                event.preventDefault();
                choose(app);
              }}
              onMouseEnter={() => setActive(index)}
            >
              <img src={appThumbnail(app)} alt="" width={48} height={30} loading="lazy" decoding="async" onError={showFallback} />
              <span className="game-search-title">{app.title}</span>
              <span className="game-search-meta">{categoryLabel(app.category)}</span>
            </li>
          ))}
      </ul>
    </div>
  );
}
