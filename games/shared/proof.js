// The screenshot sent with a score as its proof: the game's canvas, or for games made of DOM
// elements a score card. The portal checks it again (a PNG of at most 2 MiB).

// The portal rejects proofs above 2 MiB; stay well under it so a big, dense canvas still gets through.
const PROOF_TARGET_BYTES = 1.5 * 1024 * 1024;
const PROOF_MAX_WIDTH = 720;

/** A PNG data URL of the canvas (or a score card), or null when none can be made. */
export function captureProof(score, canvas, title) {
  try {
    if (canvas && canvas.width > 0 && canvas.height > 0) {
      const shot = shrink(canvas);
      const url = shot.toDataURL('image/png');
      if (isPng(url) && approxBytes(url) <= PROOF_TARGET_BYTES) return url;
    }
    const url = scoreCard(score, title).toDataURL('image/png');
    return isPng(url) ? url : null;
  } catch {
    // A tainted or unsupported canvas: the score still goes through, the student attaches an image by hand.
    return null;
  }
}

function isPng(url) {
  return url.startsWith('data:image/png;base64,');
}

function approxBytes(url) {
  return Math.ceil(((url.length - url.indexOf(',') - 1) * 3) / 4);
}

function shrink(canvas) {
  if (canvas.width <= PROOF_MAX_WIDTH) return canvas;
  const out = document.createElement('canvas');
  out.width = PROOF_MAX_WIDTH;
  out.height = Math.round((canvas.height * PROOF_MAX_WIDTH) / canvas.width);
  const ctx = out.getContext('2d');
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(canvas, 0, 0, out.width, out.height);
  return out;
}

/** A plain 640x360 card with the game, the score and the time, for games that have no canvas. */
export function scoreCard(score, title) {
  const card = document.createElement('canvas');
  card.width = 640;
  card.height = 360;
  const ctx = card.getContext('2d');
  const gradient = ctx.createLinearGradient(0, 0, 640, 360);
  gradient.addColorStop(0, '#1e3a8a');
  gradient.addColorStop(1, '#2761a3');
  ctx.fillStyle = gradient;
  ctx.fillRect(0, 0, 640, 360);
  ctx.fillStyle = 'rgba(255,255,255,0.12)';
  ctx.fillRect(32, 32, 576, 296);
  ctx.fillStyle = '#ffffff';
  ctx.textAlign = 'center';
  ctx.font = '600 30px system-ui, sans-serif';
  ctx.fillText(String(title), 320, 100);
  ctx.font = '500 20px system-ui, sans-serif';
  ctx.fillText('Final score', 320, 160);
  ctx.font = '800 84px system-ui, sans-serif';
  ctx.fillText(score.toLocaleString('en-US'), 320, 250);
  ctx.font = '400 16px system-ui, sans-serif';
  ctx.fillStyle = 'rgba(255,255,255,0.8)';
  ctx.fillText(new Date().toISOString().replace('T', ' ').slice(0, 19) + ' UTC', 320, 300);
  return card;
}
