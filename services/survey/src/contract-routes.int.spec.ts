import { describeRoutesGuardedByContracts } from '@punkto/platform/testing/contract-routes';
import { startSurvey } from './testing/survey-test-app';

describeRoutesGuardedByContracts('survey', () => startSurvey());
