import { subscriptionOperation } from './changeSubscriptions';

export const { description, execute } = subscriptionOperation('subscribeEvent');
