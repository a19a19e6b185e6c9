import { describe, expect, it } from 'vitest';
import { branchNameError } from './branchName';

describe('branchNameError', () => {
  it('accepts ordinary names, with folders', () => {
    expect(branchNameError('new-look')).toBeNull();
    expect(branchNameError('quire/spring-release')).toBeNull();
  });

  it('names the broken start or end rule first', () => {
    expect(branchNameError('.hidden')).toBe('Cannot start with "."');
    expect(branchNameError('/root')).toBe('Cannot start with "/"');
    expect(branchNameError('quire/')).toBe('Cannot end with "/"');
    expect(branchNameError('done.')).toBe('Cannot end with "."');
    expect(branchNameError('main.lock')).toBe('Cannot end with ".lock"');
  });

  it('lists every forbidden sequence it contains', () => {
    expect(branchNameError('new look')).toBe('Some characters are not allowed: " "');
    expect(branchNameError('a~b^c')).toBe('Some characters are not allowed: "~" and "^"');
    expect(branchNameError('a:b*c?d[e..f@{g\\h')).toBe(
      'Some characters are not allowed: ":", "*", "?", "[", "..", "@{", and "\\"',
    );
  });

  it('refuses the rarer cases as an invalid name', () => {
    for (const name of ['', '@', 'a//b', 'a/.b', 'a.lock/b', 'tab\there']) {
      expect(branchNameError(name)).toBe('Invalid branch name');
    }
  });
});
