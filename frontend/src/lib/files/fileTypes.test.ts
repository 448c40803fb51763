import { describe, expect, it } from 'vitest';
import { isAcceptedUpload, previewKind } from './fileTypes';

describe('isAcceptedUpload (PDF, JPG, JPEG, PNG only)', () => {
  it.each([
    ['scan.pdf', 'application/pdf', true],
    ['photo.JPG', 'image/jpeg', true],
    ['photo.jpeg', '', true],
    ['shot.png', 'image/png', true],
    ['notes.txt', 'text/plain', false],
    ['image.webp', 'image/webp', false],
    ['fake.png', 'application/x-sh', false],
    ['pdf', 'application/pdf', false],
  ])('%s (%s) → %s', (name, type, want) => {
    expect(isAcceptedUpload({ name, type })).toBe(want);
  });
});

describe('previewKind', () => {
  it('shows PDFs in a frame and images as images', () => {
    expect(previewKind('application/pdf')).toBe('pdf');
    expect(previewKind('image/png')).toBe('image');
    expect(previewKind('image/jpeg; charset=binary')).toBe('image');
    expect(previewKind('application/zip')).toBe('none');
  });
});
