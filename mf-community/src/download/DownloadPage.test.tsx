import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestContext, renderRemotePage } from '@sports/shared/testing';
import { routes } from '../routes';
import { DOWNLOAD_PATH } from './DownloadPage';

const info = { h5_url: 'https://m.example.cn/h5', qr_svg_url: '/api/site/downloadQr.svg', ios_url: 'https://apps.apple.com/cn/app/id1', android_url: 'https://example.cn/app.apk' };

afterEach(cleanup);

describe('download page', () => {
  it('shows the server’s QR code of the mobile site, the store links and how to install', async () => {
    const context = createTestContext({ [DOWNLOAD_PATH]: info });
    renderRemotePage(routes, 'downLoad', {}, context);
    const qr = await screen.findByRole('img', { name: '手机扫码打开移动版的二维码' });
    expect(qr.getAttribute('src')).toBe('/api/site/downloadQr.svg');
    expect(screen.getByTestId('download-ios').getAttribute('href')).toBe(info.ios_url);
    expect(screen.getByTestId('download-android').getAttribute('href')).toBe(info.android_url);
    expect(screen.getByTestId('download-ios').getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByRole('link', { name: info.h5_url }).getAttribute('href')).toBe(info.h5_url);
    expect(screen.getByRole('heading', { level: 2, name: '安装说明' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: '下载' })).toBeTruthy();
  });

  it('never turns a non-web address into a link', async () => {
    renderRemotePage(routes, 'downLoad', {}, createTestContext({ [DOWNLOAD_PATH]: { ...info, ios_url: 'javascript:alert(1)' } }));
    const ios = await screen.findByTestId('download-ios');
    expect(ios.getAttribute('href')).toBeNull();
  });

  it('says so when the information cannot be loaded', async () => {
    renderRemotePage(routes, 'downLoad', {}, createTestContext({}));
    expect(await screen.findByText(/下载信息加载失败/)).toBeTruthy();
  });
});
