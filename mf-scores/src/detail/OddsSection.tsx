import { useState } from 'react';
import { Button, Muted, ODDS_MARKETS, TableScroll, Toolbar, type ExponentRow, type OddsMarketName, type OddsQuote, type RemoteContext, type ScoreSport } from '@sports/shared';
import type { OddsCompany } from '../api/scoresApi';
import { detailCopy } from '../messages';
import { LabelledSelect } from '../ui/LabelledSelect';
import { OddsHistory } from './OddsHistory';

export interface OddsSectionProps {
  context: RemoteContext;
  matchId: number;
  sport: ScoreSport;
  companies: readonly OddsCompany[];
  companyId: number;
  onCompany: (companyId: number) => void;
  /** The exponent of the chosen company, kept live by the page (socket exponent frames). */
  exponent: ExponentRow | null;
}

export function marketNames(sport: ScoreSport): Record<OddsMarketName, string> {
  return sport === 'football' ? detailCopy.markets : detailCopy.basketballMarkets;
}

function formatOdds(value: number | null): string {
  return value === null ? '-' : value.toFixed(2);
}

function formatLine(market: OddsMarketName, quote: OddsQuote): string {
  if (quote.line === null) return '-';
  return market === 'asia' && quote.line > 0 ? `+${quote.line}` : String(quote.line);
}

/** 1X2, Asian handicap and over/under of one odds company: opening and current prices, and each market's history. */
export function OddsSection({ context, matchId, sport, companies, companyId, onCompany, exponent }: OddsSectionProps) {
  const [historyOf, setHistoryOf] = useState<OddsMarketName | null>(null);
  const names = marketNames(sport);
  const columns = detailCopy.oddsColumns;
  const hasDraw = sport === 'football';

  return (
    <div data-testid="odds">
      <Toolbar>
        <LabelledSelect
          label={detailCopy.company}
          value={String(companyId)}
          options={companies.map((company) => ({ value: String(company.id), label: company.name_zh }))}
          onChange={(next) => onCompany(Number(next))}
        />
      </Toolbar>
      {exponent === null ? (
        <Muted>{detailCopy.noOdds}</Muted>
      ) : (
        <TableScroll>
          <table>
            <caption>{detailCopy.tabs.odds}</caption>
            <thead>
              <tr>
                <th scope="col">{detailCopy.tabs.odds}</th>
                <th scope="col">{columns.kind}</th>
                <th scope="col">{columns.home}</th>
                <th scope="col">{columns.line}</th>
                {hasDraw && <th scope="col">{columns.draw}</th>}
                <th scope="col">{columns.away}</th>
                <th scope="col">{detailCopy.history}</th>
              </tr>
            </thead>
            <tbody>
              {ODDS_MARKETS.map((market) => {
                const odds = exponent[market];
                if (odds === null) return null;
                return [detailCopy.opening, detailCopy.current].map((label, index) => {
                  const quote = index === 0 ? odds.open : odds.now;
                  return (
                    <tr key={`${market}-${label}`} data-market={market} data-quote={index === 0 ? 'open' : 'now'}>
                      {index === 0 && (
                        <th scope="rowgroup" rowSpan={2}>
                          {names[market]}
                        </th>
                      )}
                      <td>{label}</td>
                      <td>{formatOdds(quote.home)}</td>
                      <td>{formatLine(market, quote)}</td>
                      {hasDraw && <td>{market === 'europe' ? formatOdds(quote.draw) : '-'}</td>}
                      <td>{formatOdds(quote.away)}</td>
                      {index === 0 && (
                        <td rowSpan={2}>
                          <Button aria-expanded={historyOf === market} onClick={() => setHistoryOf(historyOf === market ? null : market)}>
                            {detailCopy.showHistory(names[market])}
                          </Button>
                        </td>
                      )}
                    </tr>
                  );
                });
              })}
            </tbody>
          </table>
        </TableScroll>
      )}
      {historyOf !== null && (
        <OddsHistory context={context} matchId={matchId} companyId={companyId} market={historyOf} title={detailCopy.showHistory(names[historyOf])} hasDraw={hasDraw && historyOf === 'europe'} version={exponent?.updated_at ?? ''} />
      )}
    </div>
  );
}
