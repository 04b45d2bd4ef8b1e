// Every database suite, in the order they run on each engine.
import type { EngineKind } from '../harness/engine.ts';
import { describeEngine } from '../harness/run.ts';
import { authHelpersSuite } from './auth-helpers.ts';
import { battlepassSuite } from './battlepass.ts';
import { catalogueSuite } from './catalogue.ts';
import { chatFilterSuite } from './chat-filter.ts';
import { classmatesSuite } from './classmates.ts';
import { chatLimitsSuite } from './chat-limits.ts';
import { communitySuite } from './community.ts';
import { concurrencySuite } from './concurrency.ts';
import { cosmeticsSuite } from './cosmetics.ts';
import { creatorApplicationRacesSuite, creatorApplicationsSuite } from './creator-applications.ts';
import { declaredSchemaSuite } from './declared-schema.ts';
import { fairScoresSuite } from './fair-scores.ts';
import { grantsSuite } from './grants.ts';
import { leaksSuite } from './leaks.ts';
import { moderationSuite } from './moderation.ts';
import { namesSuite } from './names.ts';
import { operatorsSuite } from './operators.ts';
import { playTimeSuite } from './play-time.ts';
import { popularAppsSuite } from './popular-apps.ts';
import { guardSuite } from './profile-guard.ts';
import { profileSuite } from './profiles.ts';
import { referenceDataSuite } from './reference-data.ts';
import { capSuite } from './reward-caps.ts';
import { cloudSavesSuite } from './cloud-saves.ts';
import { coinsBoardSuite } from './coins-board.ts';
import { rlsSuite } from './rls.ts';
import { rpcSuite } from './rpc.ts';
import { secondFactorSuite } from './second-factor.ts';
import { semesterHolesGrowthSuite } from './semester-holes-growth.ts';
import { semesterHolesScoresSuite } from './semester-holes-scores.ts';

export function describeDatabase(kind: EngineKind): void {
  describeEngine(kind, (ctx) => {
    declaredSchemaSuite(ctx);
    referenceDataSuite(ctx);
    grantsSuite(ctx);
    authHelpersSuite(ctx);
    rlsSuite(ctx);
    rpcSuite(ctx);
    communitySuite(ctx);
    chatLimitsSuite(ctx);
    chatFilterSuite(ctx);
    profileSuite(ctx);
    guardSuite(ctx);
    capSuite(ctx);
    battlepassSuite(ctx);
    cosmeticsSuite(ctx);
    secondFactorSuite(ctx);
    fairScoresSuite(ctx);
    playTimeSuite(ctx);
    cloudSavesSuite(ctx);
    leaksSuite(ctx);
    namesSuite(ctx);
    moderationSuite(ctx);
    creatorApplicationsSuite(ctx);
    operatorsSuite(ctx);
    catalogueSuite(ctx);
    popularAppsSuite(ctx);
    classmatesSuite(ctx);
    semesterHolesScoresSuite(ctx);
    coinsBoardSuite(ctx);
    semesterHolesGrowthSuite(ctx);
    if (kind.manySessions) {
      concurrencySuite(ctx);
      creatorApplicationRacesSuite(ctx);
    }
  });
}
