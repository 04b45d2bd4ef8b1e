import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

/** The invite link as a QR code, for a classmate to scan from the board or a screen. */
export function InviteQr({ link }: { link: string }) {
  const [image, setImage] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    void QRCode.toDataURL(link, { margin: 1, width: 200, errorCorrectionLevel: 'M' }).then((url) => {
      if (!cancelled) setImage(url);
    });
    return () => {
      cancelled = true;
    };
  }, [link]);

  return (
    <div className="invite-qr" data-testid="invite-qr">
      {image === null ? <span className="invite-qr-wait" /> : <img src={image} width={200} height={200} alt="QR code of the invite link" />}
    </div>
  );
}
