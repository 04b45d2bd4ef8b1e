import { describe, expect, it } from 'vitest';
import { externalReferences, packRefusalMessage, packPage } from '../../../src/domain/offlinePack.ts';

describe('externalReferences', () => {
  it('finds nothing in a game whose scripts, styles and pictures are written inside the page', () => {
    const html = `<!doctype html><html><head><title>Tap</title>
      <link rel="icon" href="/favicon.ico"><link rel="canonical" href="https://games.example/tap/">
      <style>body { background: url("data:image/png;base64,iVBOR") } #x { fill: url(#gradient) }</style></head>
      <body style="margin:0"><img src="data:image/svg+xml,%3Csvg%3E" alt=""><a href="https://games.example/more">More games</a>
      <svg><use href="#sprite"/></svg><script>document.body.append('hi')</script>
      <!-- <script src="old.js"></script> --></body></html>`;
    expect(externalReferences(html)).toEqual([]);
  });

  it('lists every file the page loads as it shows, once each', () => {
    const html = `<html><head><link rel="stylesheet" href="game.css"><LINK REL="modulepreload" HREF='/js/engine.js'>
      <style>@import "fonts.css"; .hero { background-image: url(hero.png) }</style>
      <script type="module" src="main.js"></script><script src=main.js></script></head>
      <body><div style="background: url('tile.png')"></div><img srcset="a.png 1x, b.png 2x" src="a.png">
      <video poster="poster.jpg"><source src="intro.webm"></video><input type="image" src="go.png"><input type="text" src="not-loaded.png">
      <object data="movie.swf"></object><iframe src="https://cdn.example/ad.html"></iframe><svg><image href="sprite.svg"/></svg></body></html>`;
    expect(externalReferences(html).sort()).toEqual(
      [
        'game.css',
        '/js/engine.js',
        'fonts.css',
        'hero.png',
        'main.js',
        'tile.png',
        'a.png',
        'b.png',
        'poster.jpg',
        'intro.webm',
        'go.png',
        'movie.swf',
        'https://cdn.example/ad.html',
        'sprite.svg',
      ].sort(),
    );
  });
});

describe('packPage', () => {
  it('puts a base first in the head, so links lead to the game site and not to the portal', () => {
    expect(packPage('<!DOCTYPE html><html><head lang="en"><title>t</title></head></html>', 'https://games.example/tap/')).toBe(
      '<!DOCTYPE html><html><head lang="en"><base href="https://games.example/tap/"><title>t</title></head></html>',
    );
  });

  it('keeps a doctype first when there is no head, and escapes the address', () => {
    expect(packPage('<!doctype html><p>hi</p>', 'https://g.example/?a=1&b="2"')).toBe(
      '<!doctype html><base href="https://g.example/?a=1&amp;b=&quot;2&quot;"><p>hi</p>',
    );
    expect(packPage('<p>hi</p>', 'https://g.example/')).toBe('<base href="https://g.example/"><p>hi</p>');
    expect(packPage('<header>x</header>', 'https://g.example/')).toBe('<base href="https://g.example/"><header>x</header>');
  });
});

describe('packRefusalMessage', () => {
  it('says plainly why a game cannot be kept', () => {
    expect(packRefusalMessage('Tap', 'no-cors')).toBe(
      'Tap cannot be kept offline: its website does not let other sites save a copy of it. It still plays online.',
    );
    expect(packRefusalMessage('Tap', 'needs-files', 1)).toContain('it loads 1 more file (');
    expect(packRefusalMessage('Tap', 'needs-files', 3)).toContain('it loads 3 more files (');
    expect(packRefusalMessage('Tap', 'offline')).toBe('You are offline. Connect to the internet to save Tap.');
  });
});
