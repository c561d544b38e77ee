export { createSimulatorApp, type Simulator, type SimulatorDeps } from './app';
