export { type PredictionsPort, predictionsPlugin } from './predictionsPlugin';
export { type PredictionsConfig, defaultPredictionsConfig, loadPredictionsConfig } from './predictionsConfig';
export { pariMutuel, settlePrediction } from './settlement';
export { PredictionService } from './predictionService';
