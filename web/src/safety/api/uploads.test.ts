import { type Mock, afterEach, describe, expect, it, vi } from 'vitest';
import { UploadCancelledError, safetyPhotoPath, uploadSafetyPhoto } from './uploads';

/*
 * The photo upload against a fake Storage SDK: the resumable task is recorded, and the test drives
 * its progress, its end and its failure by hand.
 */

type Task = {
  path: string;
  metadata: unknown;
  progress: (snapshot: { bytesTransferred: number; totalBytes: number }) => void;
  fail: (error: unknown) => void;
  done: () => void;
  cancel: Mock<() => void>;
};

const fake = vi.hoisted(() => ({ tasks: [] as Task[] }));

vi.mock('../../lib/firebase-data', () => ({ storage: () => Promise.resolve({ fake: 'bucket' }) }));

vi.mock('firebase/storage', () => ({
  ref: (_bucket: unknown, path: string) => ({ path }),
  uploadBytesResumable: (ref: { path: string }, _file: File, metadata: unknown) => {
    const task = { path: ref.path, metadata } as Task;
    task.cancel = vi.fn(() => task.fail(Object.assign(new Error('canceled'), { code: 'storage/canceled' })));
    fake.tasks.push(task);
    return {
      cancel: () => task.cancel(),
      on: (_event: string, progress: Task['progress'], fail: Task['fail'], done: Task['done']) => {
        Object.assign(task, { progress, fail, done });
      },
    };
  },
}));

const photo = new File(['12345678'], 'IMG 0001.jpg', { type: 'image/jpeg' });

async function startedTask(): Promise<Task> {
  await vi.waitFor(() => expect(fake.tasks.at(-1)?.done).toBeTypeOf('function'));
  return fake.tasks.at(-1) as Task;
}

afterEach(() => {
  fake.tasks.length = 0;
});

describe('safetyPhotoPath', () => {
  it('puts a photo in the reporter’s folder of the request under a safe, unique name', () => {
    const first = safetyPhotoPath('u-worker', 'request-0001', { name: 'IMG 0001 (2).jpg' });
    const second = safetyPhotoPath('u-worker', 'request-0001', { name: 'IMG 0001 (2).jpg' });
    expect(first).toMatch(/^safetyReports\/u-worker\/request-0001\/[a-z0-9]+-[a-z0-9]+-IMG_0001_2_\.jpg$/);
    expect(second).not.toBe(first);
    expect(safetyPhotoPath('u', 'request-0001', { name: '../../x/' })).not.toMatch(/\/\.\.\//);
  });
});

describe('uploadSafetyPhoto', () => {
  it('uploads with the photo’s type, reports progress and answers the stored attachment', async () => {
    const onProgress = vi.fn();
    const upload = uploadSafetyPhoto('safetyReports/u/r/a.jpg', photo, onProgress);
    const task = await startedTask();
    expect(task.path).toBe('safetyReports/u/r/a.jpg');
    expect(task.metadata).toEqual({ contentType: 'image/jpeg' });
    task.progress({ bytesTransferred: 2, totalBytes: 8 });
    task.progress({ bytesTransferred: 8, totalBytes: 8 });
    task.done();
    await expect(upload).resolves.toEqual({
      name: 'IMG 0001.jpg',
      size: 8,
      contentType: 'image/jpeg',
      path: 'safetyReports/u/r/a.jpg',
    });
    expect(onProgress.mock.calls).toEqual([[25], [100]]);
  });

  it('fails with Storage’s error', async () => {
    const upload = uploadSafetyPhoto('safetyReports/u/r/a.jpg', photo, () => undefined);
    const task = await startedTask();
    task.fail(Object.assign(new Error('unauthorized'), { code: 'storage/unauthorized' }));
    await expect(upload).rejects.toMatchObject({ code: 'storage/unauthorized' });
  });

  it('cancels the upload when the caller aborts', async () => {
    const controller = new AbortController();
    const upload = uploadSafetyPhoto('safetyReports/u/r/a.jpg', photo, () => undefined, controller.signal);
    const task = await startedTask();
    controller.abort();
    await expect(upload).rejects.toBeInstanceOf(UploadCancelledError);
    expect(task.cancel).toHaveBeenCalledTimes(1);
  });

  it('starts nothing once aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      uploadSafetyPhoto('safetyReports/u/r/a.jpg', photo, () => undefined, controller.signal),
    ).rejects.toBeInstanceOf(UploadCancelledError);
    expect(fake.tasks).toHaveLength(0);
  });
});
