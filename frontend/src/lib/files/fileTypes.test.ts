import { describe, expect, it } from 'vitest';
import { isAcceptedPaper, isAcceptedUpload, previewKind } from './fileTypes';

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

describe('isAcceptedPaper (also HEIC photos and Word documents)', () => {
  it.each([
    ['scan.pdf', 'application/pdf', true],
    ['IMG_0412.HEIC', '', true],
    ['IMG_0412.heic', 'image/heic', true],
    ['face sheet.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', true],
    ['face sheet.doc', 'application/msword', false],
    ['papers.zip', 'application/zip', false],
    ['fake.docx', 'application/x-sh', false],
  ])('%s (%s) → %s', (name, type, want) => {
    expect(isAcceptedPaper({ name, type })).toBe(want);
  });

  it('leaves other uploads as they were', () => {
    expect(isAcceptedUpload({ name: 'IMG_0412.heic', type: '' })).toBe(false);
    expect(isAcceptedUpload({ name: 'plan.docx', type: '' })).toBe(false);
  });
});

describe('previewKind', () => {
  it('shows PDFs in a frame and images as images', () => {
    expect(previewKind('application/pdf')).toBe('pdf');
    expect(previewKind('image/png')).toBe('image');
    expect(previewKind('image/jpeg; charset=binary')).toBe('image');
    expect(previewKind('application/zip')).toBe('none');
    expect(previewKind('image/heic')).toBe('none'); // a browser shows no HEIC: it is downloaded
  });
});
