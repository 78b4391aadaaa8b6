import type { Activity, OpsAnchorApplication, SaveActivityRequest } from '@sports/shared';
import type { SentRequest } from './fakeOpsServer';

type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

export function fakeApplication(id: number, overrides: Partial<OpsAnchorApplication> = {}): OpsAnchorApplication {
  return {
    id,
    user_id: 100 + id,
    user_nickname: `主播候选${id}`,
    real_name: '张*三',
    category: 1,
    introduction: '十年足球解说经验，擅长英超和中超。',
    sample: `https://video.example.test/sample-${id}`,
    state: 'pending',
    reject_reason: null,
    created_at: '2025-11-22T05:14:03.000Z',
    reviewed_at: null,
    ...overrides,
  };
}

export function fakeActivity(id: number, overrides: Partial<Activity> = {}): Activity {
  return {
    id,
    title: `活动${id}`,
    image: `https://img.example.test/banner-${id}.png`,
    link: '/web/#/anchor',
    target: '_self',
    starts_at: '2025-11-20T00:00:00.000Z',
    ends_at: '2025-11-30T00:00:00.000Z',
    ...overrides,
  };
}

/**
 * The ops content routes in memory behind a fake `fetch`: the anchor application queue
 * (reviewing twice is refused as the server does) and the activity banners. Requests it does not
 * serve go to `fallback` (the rollout fake), so the whole ops page runs on one fetch.
 */
export function createFakeOpsContent(token: string, fallback: Fetch) {
  const sent: SentRequest[] = [];
  const applications: OpsAnchorApplication[] = [];
  const activities: Activity[] = [];
  let nextActivityId = 1;
  let refusal: string | null = null;
  const envelope = (data: unknown, status = 200, code = 200, msg = '') => new Response(JSON.stringify({ code, msg, data }), { status });
  const refuseOnce = () => {
    const message = refusal;
    refusal = null;
    return message;
  };

  const fetchImpl: Fetch = async (input, init = {}) => {
    const url = new URL(String(input), 'http://site.test');
    if (!url.pathname.startsWith('/api/ops/')) return fallback(input, init);
    const headers = Object.fromEntries(Object.entries((init.headers ?? {}) as Record<string, string>).map(([key, value]) => [key.toLowerCase(), value]));
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
    const method = init.method ?? 'GET';
    sent.push({ method, path: `${url.pathname}${url.search}`, headers, body });
    if (headers['x-ops-token'] !== token) return envelope(null, 403, 1, '需要运维权限');
    const page = Number(url.searchParams.get('page') ?? 1);
    const pageSize = Number(url.searchParams.get('page_size') ?? 20);
    const pageOf = <Row>(rows: Row[]) => ({ list: rows.slice((page - 1) * pageSize, page * pageSize), total: rows.length, page, page_size: pageSize });

    if (method === 'GET' && url.pathname === '/api/ops/anchorApplications') {
      const state = url.searchParams.get('state') ?? 'pending';
      return envelope(pageOf(applications.filter((application) => application.state === state)));
    }
    const review = /^\/api\/ops\/anchorApplications\/(\d+)\/(approve|reject)$/.exec(url.pathname);
    if (method === 'POST' && review) {
      const refused = refuseOnce();
      if (refused) return envelope(null, 400, 1, refused);
      const application = applications.find((candidate) => candidate.id === Number(review[1]));
      if (!application) return envelope(null, 404, 1, '主播申请不存在');
      if (application.state !== 'pending') return envelope(null, 409, 1, '该申请已审核，不能重复审核');
      application.reviewed_at = '2025-11-22T06:00:00.000Z';
      if (review[2] === 'approve') application.state = 'approved';
      else Object.assign(application, { state: 'rejected', reject_reason: String(body?.reason).trim() });
      return envelope({ application: structuredClone(application), room_id: review[2] === 'approve' ? 500 + application.id : null });
    }
    if (method === 'GET' && url.pathname === '/api/ops/activities') return envelope(pageOf(structuredClone(activities)));
    if (method === 'POST' && url.pathname === '/api/ops/activities' && body) {
      const refused = refuseOnce();
      if (refused) return envelope(null, 400, 1, refused);
      const request = body as unknown as SaveActivityRequest;
      const { id, ...fields } = request;
      if (id === undefined) {
        const created: Activity = { id: nextActivityId++, ...fields };
        activities.unshift(created);
        return envelope(created);
      }
      const index = activities.findIndex((activity) => activity.id === id);
      if (index < 0) return envelope(null, 404, 1, '活动不存在');
      activities[index] = { id, ...fields };
      return envelope(activities[index]);
    }
    const remove = /^\/api\/ops\/activities\/(\d+)\/delete$/.exec(url.pathname);
    if (method === 'POST' && remove) {
      const index = activities.findIndex((activity) => activity.id === Number(remove[1]));
      if (index < 0) return envelope(null, 404, 1, '活动不存在');
      activities.splice(index, 1);
      return envelope(null);
    }
    return envelope(null, 404, 1, '接口不存在');
  };

  return {
    fetch: fetchImpl,
    sent,
    applications,
    activities,
    posts: () => sent.filter((request) => request.method === 'POST'),
    /** The next review or save is refused with `msg` (code 1). */
    refuseNext: (msg: string) => {
      refusal = msg;
    },
    addActivity: (activity: Activity) => {
      activities.push(activity);
      nextActivityId = Math.max(nextActivityId, activity.id + 1);
    },
  };
}
