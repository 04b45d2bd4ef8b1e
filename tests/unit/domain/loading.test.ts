import { describe, expect, it } from 'vitest';
import {
  INITIAL_LOADING_STATE,
  LOADING_LABELS,
  isLoading,
  loadingReducer,
  type LoadingAction,
  type LoadingState,
} from '../../../src/domain/loading.ts';

describe('loadingReducer', () => {
  it.each<[string, LoadingState, LoadingAction, LoadingState]>([
    ['LOADING marks a name', {}, { type: 'LOADING', names: ['Profile'] }, { Profile: true }],
    ['LOADING marks several', {}, { type: 'LOADING', names: ['Coins', 'Streak'] }, { Coins: true, Streak: true }],
    ['LOADING keeps other names', { Items: false }, { type: 'LOADING', names: ['Coins'] }, { Items: false, Coins: true }],
    ['LOADING after DONE', { Coins: false }, { type: 'LOADING', names: ['Coins'] }, { Coins: true }],
    ['DONE clears a name', { Coins: true, Streak: true }, { type: 'DONE', names: ['Coins'] }, { Coins: false, Streak: true }],
    ['DONE clears several', { Coins: true, Streak: true }, { type: 'DONE', names: ['Coins', 'Streak'] }, { Coins: false, Streak: false }],
    ['a repeated name', {}, { type: 'LOADING', names: ['AppList', 'AppList'] }, { AppList: true }],
    ['names that look like Object members', {}, { type: 'LOADING', names: ['toString', '__proto__'] }, { toString: true, ['__proto__']: true }],
  ])('%s', (_label, state, action, expected) => {
    const next = loadingReducer(state, action);
    expect(next).toEqual(expected);
    expect(Object.getPrototypeOf(next)).toBe(Object.prototype);
  });

  it('the __proto__ name becomes an own entry, not a prototype', () => {
    const next = loadingReducer({}, { type: 'LOADING', names: ['__proto__'] });
    expect(Object.keys(next)).toEqual(['__proto__']);
    expect(isLoading(next)).toBe(true);
  });

  it.each<[string, LoadingState, LoadingAction]>([
    ['LOADING a name already loading', { Coins: true }, { type: 'LOADING', names: ['Coins'] }],
    ['DONE a name already done', { Coins: false }, { type: 'DONE', names: ['Coins'] }],
    ['DONE a name never marked', { Coins: true }, { type: 'DONE', names: ['Streak'] }],
    ['DONE an inherited member name', {}, { type: 'DONE', names: ['toString'] }],
    ['LOADING no names', { Coins: false }, { type: 'LOADING', names: [] }],
    ['DONE no names', {}, { type: 'DONE', names: [] }],
  ])('%s returns the same state object', (_label, state, action) => {
    expect(loadingReducer(state, action)).toBe(state);
  });

  it('ignores an unknown action', () => {
    const state = { Coins: true };
    expect(loadingReducer(state, { type: 'RESET', names: ['Coins'] } as unknown as LoadingAction)).toBe(state);
  });

  it('never mutates the state it is given', () => {
    const state = Object.freeze({ Coins: true });
    const next = loadingReducer(state, { type: 'DONE', names: ['Coins'] });
    expect(state).toEqual({ Coins: true });
    expect(next).toEqual({ Coins: false });
  });
});

describe('isLoading', () => {
  it.each<[LoadingState, boolean]>([
    [{}, false],
    [INITIAL_LOADING_STATE, false],
    [{ Coins: false }, false],
    [{ Coins: false, Streak: false }, false],
    [{ Coins: true }, true],
    [{ Coins: false, Streak: true }, true],
  ])('%j -> %s', (state, expected) => {
    expect(isLoading(state)).toBe(expected);
  });

  it('the app is loading until every component that started has finished', () => {
    let state = loadingReducer(INITIAL_LOADING_STATE, { type: 'LOADING', names: [...LOADING_LABELS] });
    expect(isLoading(state)).toBe(true);
    for (const label of LOADING_LABELS.slice(0, -1)) {
      state = loadingReducer(state, { type: 'DONE', names: [label] });
      expect(isLoading(state)).toBe(true);
    }
    state = loadingReducer(state, { type: 'DONE', names: [LOADING_LABELS[LOADING_LABELS.length - 1] ?? ''] });
    expect(isLoading(state)).toBe(false);
  });
});
