/**
 * The four remotes. The Module Federation name (an identifier) is what the host registers and
 * loads (`mf_live/routes`); the package folder is where its squad works and where it is served.
 */
export const REMOTE_NAMES = ['mf_live', 'mf_scores', 'mf_community', 'mf_member'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

export const REMOTE_PACKAGE_FOLDER: Record<RemoteName, string> = {
  mf_live: 'mf-live',
  mf_scores: 'mf-scores',
  mf_community: 'mf-community',
  mf_member: 'mf-member',
};

/** What each remote exposes; the host relies on all three. */
export const REMOTE_EXPOSES = ['./routes', './widgets', './parcel'] as const;

export function isRemoteName(value: string): value is RemoteName {
  return (REMOTE_NAMES as readonly string[]).includes(value);
}
