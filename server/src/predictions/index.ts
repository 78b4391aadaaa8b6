export { type PredictionsConfig, type PredictionsPort, defaultPredictionsConfig, predictionsPlugin } from './predictionsPlugin';
export { pariMutuel, settlePrediction } from './settlement';
export { PredictionService } from './predictionService';
