// The hostile-input test's strategies for the reconciliation routes' writes (merged by accounting.hostile.ts).
import { defineHostile } from '../../test/hostile.js';

export default defineHostile({});
