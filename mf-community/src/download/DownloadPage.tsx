import styled from 'styled-components';
import { LoadView, PagePanel, RemotePageFrame, useLoad, type DownloadInfo, type RemotePageProps } from '@sports/shared';
import { pageCopy } from '../messages';
import { downloadCopy } from './downloadCopy';

export const DOWNLOAD_PATH = 'api/site/download';

const Layout = styled.div`
  display: grid;
  grid-template-columns: minmax(200px, 260px) 1fr;
  gap: 16px;

  @media (max-width: 720px) {
    grid-template-columns: 1fr;
  }
`;

const Qr = styled.img`
  display: block;
  width: 200px;
  height: 200px;
  margin: 0 auto 8px;
  background: #ffffff;
`;

const StoreLink = styled.a`
  display: inline-block;
  margin: 0 12px 12px 0;
  padding: 10px 18px;
  border-radius: ${({ theme }) => theme.radius.small};
  background: ${({ theme }) => theme.colors.brandDark};
  color: ${({ theme }) => theme.colors.textInverse};
  text-decoration: none;

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.brand};
    outline-offset: 2px;
  }
`;

/** Only web addresses become links (the server checks its configuration; this is belt and braces). */
const webUrl = (url: string) => (/^https?:\/\//i.test(url) ? url : undefined);

/** #/downLoad: the QR code of the mobile site (drawn by the server), the store links, how to install. */
export default function DownloadPage({ context, location }: RemotePageProps) {
  const info = useLoad('download', () => context.api.get<DownloadInfo>(DOWNLOAD_PATH));
  return (
    <RemotePageFrame remote="mf-community" page={location.path} title={pageCopy.downLoad?.title ?? ''}>
      <LoadView state={info.state} failed={downloadCopy.failed} onRetry={info.retry}>
        {(data: DownloadInfo) => (
          <Layout>
            <PagePanel aria-label={downloadCopy.qrTitle}>
              <h2>{downloadCopy.qrTitle}</h2>
              <Qr src={data.qr_svg_url} alt={downloadCopy.qrAlt} width={200} height={200} data-testid="download-qr" />
              <p>{downloadCopy.qrHint}</p>
              <p>
                {downloadCopy.h5}：<a href={webUrl(data.h5_url)}>{data.h5_url}</a>
              </p>
            </PagePanel>
            <div>
              <PagePanel aria-label={downloadCopy.stores}>
                <h2>{downloadCopy.stores}</h2>
                <StoreLink href={webUrl(data.ios_url)} target="_blank" rel="noopener noreferrer" data-testid="download-ios">
                  {downloadCopy.ios}
                </StoreLink>
                <StoreLink href={webUrl(data.android_url)} target="_blank" rel="noopener noreferrer" data-testid="download-android">
                  {downloadCopy.android}
                </StoreLink>
              </PagePanel>
              <PagePanel aria-label={downloadCopy.steps}>
                <h2>{downloadCopy.steps}</h2>
                <ol>
                  {downloadCopy.stepList.map((step) => (
                    <li key={step}>{step}</li>
                  ))}
                </ol>
              </PagePanel>
            </div>
          </Layout>
        )}
      </LoadView>
    </RemotePageFrame>
  );
}
