import { describe, expect, it } from 'vitest';
import { resultGroups, taskActions, taskPlatforms, taskStatuses } from './task-labels';

const result = (
  kind: 'audio' | 'video' | 'image' | 'text',
  title: string,
  url = '',
  text = '',
) => ({
  kind,
  title,
  url,
  text,
  duration: 0,
});

describe('task labels', () => {
  it('splits players from lyrics and skips results without a file', () => {
    const groups = resultGroups({
      results: [
        result('audio', 'A', '/a.mp3', '/a.jpg'),
        result('audio', 'B'),
        result('text', 'Lyrics', '', 'la la'),
        result('text', 'Empty', '', '  '),
      ],
    });
    expect(groups.media.map((r) => r.title)).toEqual(['A']);
    expect(groups.texts.map((r) => r.text)).toEqual(['la la']);
  });

  it('keeps several clips, videos and images in their order', () => {
    const groups = resultGroups({
      results: [
        result('audio', 'Clip 1', '/1.mp3'),
        result('audio', 'Clip 2', '/2.mp3'),
        result('video', 'Video', '/v.mp4'),
        result('image', 'Cover', '/c.png'),
      ],
    });
    expect(groups.media.map((r) => r.kind)).toEqual(['audio', 'audio', 'video', 'image']);
    expect(groups.texts).toEqual([]);
  });

  it('colours the states and names the platforms and actions', () => {
    expect(taskStatuses.QUEUED).toBe('orange');
    expect(taskStatuses.SUCCESS).toBe('green');
    expect(taskStatuses['']).toBe('default');
    expect(Object.keys(taskPlatforms)).toEqual(['suno', 'sora', 'kling']);
    expect(taskActions).toEqual(
      expect.arrayContaining(['MUSIC', 'LYRICS', 'generate', 'textGenerate']),
    );
  });
});
