import { describe, expect, it } from 'vitest';
import { clockTime } from './about';

// Issue 33: About's training times come from the slots ('19:00') and are said as the club says them.
describe('clockTime', () => {
  it.for([
    ['19:00', '7:00 PM'],
    ['09:30', '9:30 AM'],
    ['12:00', '12:00 PM'],
    ['00:15', '12:15 AM'],
    ['21:45', '9:45 PM'],
  ])('%s is %s', ([time, said]) => {
    expect(clockTime(time)).toBe(said);
  });
});
