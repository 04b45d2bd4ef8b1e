import { Check, ChevronDown } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

export interface MenuOption<T extends string> {
  value: T;
  label: string;
}

/**
 * A choice of one among a few, drawn like the rest of the kit (a select-only menu button): the button
 * names the choice; Enter, Space or the down arrow open the list, arrows, Home and End move, Enter or
 * Space chooses, Escape or Tab closes, and the focus goes back to the button.
 */
export function Menu<T extends string>({ label, value, options, onChange }: { label: string; value: T; options: readonly MenuOption<T>[]; onChange: (value: T) => void }) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const listId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const items = useRef<(HTMLButtonElement | null)[]>([]);
  const chosen = options.find((option) => option.value === value);

  useEffect(() => {
    if (!open) return;
    items.current[active]?.focus();
  }, [open, active]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!(event.target instanceof Node) || !root.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const show = () => {
    setActive(Math.max(0, options.findIndex((option) => option.value === value)));
    setOpen(true);
  };
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const choose = (option: MenuOption<T>) => {
    onChange(option.value);
    close();
  };

  const onListKey = (event: KeyboardEvent<HTMLUListElement>) => {
    const moves: Record<string, number> = { ArrowDown: active + 1, ArrowUp: active - 1, Home: 0, End: options.length - 1 };
    if (event.key in moves) {
      event.preventDefault();
      setActive((moves[event.key]! + options.length) % options.length);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  return (
    <div className="menu" ref={root}>
      <button
        ref={button}
        type="button"
        className="button button-quiet"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        onClick={() => (open ? setOpen(false) : show())}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            show();
          }
        }}
      >
        <span className="visually-hidden">{label}: </span>
        {chosen?.label ?? label}
        <ChevronDown aria-hidden="true" size={18} />
      </button>
      {open && (
        <ul className="menu-list" role="menu" id={listId} aria-label={label} onKeyDown={onListKey}>
          {options.map((option, index) => (
            <li key={option.value} role="none">
              <button
                ref={(element) => {
                  items.current[index] = element;
                }}
                type="button"
                role="menuitemradio"
                aria-checked={option.value === value}
                className="menu-item"
                tabIndex={index === active ? 0 : -1}
                onClick={() => choose(option)}
              >
                {option.label}
                {option.value === value && <Check aria-hidden="true" size={18} />}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
