/** What `/web/` shows when host/dist is missing: what happened and the one command that fixes it. */
export function notBuiltPage(): string {
  return `<!doctype html>
<html lang="zh-CN">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>网站尚未构建 - 体育直播</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; padding: 0 1rem; line-height: 1.6">
<h1>网站尚未构建</h1>
<p>服务器正在运行，但前端页面（host/dist）还没有构建。</p>
<p>在仓库根目录运行 <code>npm start</code>，它会先构建网站再启动服务器。</p>
<p lang="en">The site is not built yet (host/dist is missing). Run <code>npm start</code> at the repository root.</p>
</body>
</html>
`;
}
