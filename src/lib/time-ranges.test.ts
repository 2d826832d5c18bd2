import { describe, expect, it } from 'vitest';
import { checkTimeRanges, findOverlaps, minutesOf } from './time-ranges';

describe('clock times', () => {
  it.each([
    ['00:00', 0],
    ['8:30', 510],
    ['23:59', 1439],
  ])('%s is minute %i', (time, minutes) => expect(minutesOf(time)).toBe(minutes));

  it.each(['24:00', '12:60', '1230', '12:5', 'ab:cd', ''])('%j is refused', (time) => {
    expect(() => minutesOf(time)).toThrow(new Error('Invalid time format'));
  });
});

describe('time ranges', () => {
  it.each([
    [[{ start: '08:00', end: '12:00' }, { start: '12:00', end: '12:00' }], undefined],
    [[{ start: '08:00', end: '12:00' }, { start: '13:00', end: '12:59' }], 'Invalid time range at index 1: start time is later than end time'],
    [[{ start: '25:00', end: '26:00' }], 'Invalid time format'],
    [[{ start: '08:00', end: '09:00', days: '1,3,5' }, { start: '08:00', end: '09:00', days: '1,8' }], 'Invalid day string at index 1'],
    [[{ start: '08:00', end: '09:00', days: 'mon' }], 'Invalid day string at index 0'],
    [[{ start: '08:00', end: '09:00', days: '' }], 'Invalid day string at index 0'],
  ])('%j: %s', (ranges, error) => {
    if (error) expect(() => checkTimeRanges(ranges)).toThrow(new Error(error));
    else expect(() => checkTimeRanges(ranges)).not.toThrow();
  });

  it.each([
    ['touching ends do not overlap', [{ start: '08:00', end: '12:00' }, { start: '12:00', end: '14:00' }], []],
    ['every day when no days are given', [{ start: '08:00', end: '12:00', days: '6' }, { start: '11:00', end: '13:00' }], [{ day: 6, first: 0, second: 1 }]],
    ['only on shared days', [{ start: '08:00', end: '12:00', days: '1,2' }, { start: '09:00', end: '10:00', days: '2, 3' }, { start: '09:00', end: '10:00', days: '4' }], [{ day: 2, first: 0, second: 1 }]],
    ['a range inside another', [{ start: '00:00', end: '23:59', days: '7' }, { start: '10:00', end: '10:30', days: '7' }], [{ day: 7, first: 0, second: 1 }]],
  ])('%s', (_name, ranges, overlaps) => expect(findOverlaps(ranges)).toEqual(overlaps));
});
