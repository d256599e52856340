import { describe, expect, it } from 'vitest';
import { responsiveImage } from './responsive-image';

describe('responsiveImage', () => {
  it('offers an uploaded picture at every served width', () => {
    expect(responsiveImage('/api/media/6fd5cf3b-1b5b', '100vw')).toEqual({
      src: '/api/media/6fd5cf3b-1b5b',
      srcSet:
        '/api/media/6fd5cf3b-1b5b?w=320 320w, /api/media/6fd5cf3b-1b5b?w=480 480w, /api/media/6fd5cf3b-1b5b?w=640 640w, /api/media/6fd5cf3b-1b5b?w=960 960w, /api/media/6fd5cf3b-1b5b?w=1280 1280w',
      sizes: '100vw',
    });
  });

  it('leaves an address that is not an upload alone', () => {
    expect(responsiveImage('https://cdn.example.com/cover.png', '100vw')).toEqual({
      src: 'https://cdn.example.com/cover.png',
    });
  });
});
