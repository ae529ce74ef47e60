/**
 * Special functions for the statistical scalars: erf/erfc (W. J. Cody's rational approximations,
 * about 1e-16 relative error), the inverse error function (Acklam's normal quantile refined by a
 * Halley step), the regularized incomplete beta function (Lentz's continued fraction) and its
 * inverse (bisection to full double precision).
 */

const SQRT2 = Math.SQRT2;

/** erf(x) via erfc for |x| ≥ 0.5 and a rational approximation below. */
export function erf(x: number): number {
  if (Number.isNaN(x)) return x;
  const ax = Math.abs(x);
  if (ax < 0.5) {
    const t = x * x;
    const top =
      (((0.18577770618460315 * t + 3.1611237438705655) * t + 113.86415415105016) * t + 377.485237685302) * t +
      3209.3775891384694;
    const bottom =
      (((t + 23.601290952344122) * t + 244.02463793444417) * t + 1282.6165260773723) * t + 2844.236833439171;
    return (x * top) / bottom;
  }
  const c = erfc(ax);
  return x < 0 ? c - 1 : 1 - c;
}

/** erfc(x) for x ≥ 0.5 (Cody), and by reflection otherwise. */
export function erfc(x: number): number {
  if (Number.isNaN(x)) return x;
  if (x < 0.5) return 1 - erf(x);
  if (x > 27) return 0;
  let r: number;
  if (x <= 4) {
    const top =
      (((((((2.1531153547440383e-8 * x + 0.5641884969886701) * x + 8.883149794388377) * x + 66.11919063714163) * x +
        298.6351381974001) *
        x +
        881.952221241769) *
        x +
        1712.0476126340707) *
        x +
        2051.0783778260716) *
        x +
      1230.3393547979972;
    const bottom =
      (((((((x + 15.744926110709835) * x + 117.6939508913125) * x + 537.1811018620099) * x + 1621.3895745666903) * x +
        3290.7992357334597) *
        x +
        4362.619090143247) *
        x +
        3439.3676741437216) *
        x +
      1230.3393548037495;
    r = top / bottom;
  } else {
    const z = 1 / (x * x);
    const top =
      ((((0.016315387137302097 * z + 0.30532663496123236) * z + 0.36034489994980445) * z + 0.12578172611122926) * z +
        0.016083785148742275) *
        z +
      0.0006587491615298378;
    const bottom =
      ((((z + 2.568520192289822) * z + 1.8729528499234673) * z + 0.5279051029514285) * z + 0.06051834131244132) * z +
      0.0023352049762686918;
    r = (1 / Math.sqrt(Math.PI) - (z * top) / bottom) / x;
  }
  // exp(-x²) split to keep precision: x² = xs² + (x - xs)(x + xs).
  const xs = Math.trunc(x * 16) / 16;
  return Math.exp(-xs * xs) * Math.exp(-(x - xs) * (x + xs)) * r;
}

/** The standard normal quantile (Acklam), refined once with Halley's method. */
export function normalQuantile(p: number): number {
  if (p <= 0) return Number.NEGATIVE_INFINITY;
  if (p >= 1) return Number.POSITIVE_INFINITY;
  const a = [
    -39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628277459239,
  ];
  const b = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
  const c = [
    -0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968,
    2.938163982698783,
  ];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  let x: number;
  if (p < 0.02425) {
    const q = Math.sqrt(-2 * Math.log(p));
    x =
      (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
      ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
  } else if (p <= 1 - 0.02425) {
    const q = p - 0.5;
    const r = q * q;
    x =
      ((((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q) /
      (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
  } else {
    const q = Math.sqrt(-2 * Math.log(1 - p));
    x =
      -(((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
      ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
  }
  const e = 0.5 * erfc(-x / SQRT2) - p;
  const u = e * Math.sqrt(2 * Math.PI) * Math.exp((x * x) / 2);
  return x - u / (1 + (x * u) / 2);
}

/** The inverse error function: erf(erfInverse(y)) = y for -1 < y < 1. */
export function erfInverse(y: number): number {
  return normalQuantile((y + 1) / 2) / SQRT2;
}

function logGamma(x: number): number {
  const g = [
    0.9999999999998099, 676.5203681218851, -1259.1392167224028, 771.3234287776531, -176.6150291621406,
    12.507343278686905, -0.13857109526572012, 0.000009984369578019572, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - logGamma(1 - x);
  const z = x - 1;
  let sum = g[0];
  for (let i = 1; i < 9; i++) sum += g[i] / (z + i);
  const t = z + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
}

/** Continued fraction for the incomplete beta function (modified Lentz). */
function betaContinuedFraction(x: number, a: number, b: number): number {
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  if (Math.abs(d) < tiny) d = tiny;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= 10000; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-16) break;
  }
  return h;
}

/** The regularized incomplete beta function I_x(a, b). */
export function regularizedBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x));
  if (x < (a + 1) / (a + b + 2)) return (front * betaContinuedFraction(x, a, b)) / a;
  return 1 - (front * betaContinuedFraction(1 - x, b, a)) / b;
}

/** The x with I_x(a, b) = p, by bisection (the cdf is monotonic) to the last representable bit. */
export function inverseRegularizedBeta(p: number, a: number, b: number): number {
  if (p <= 0) return 0;
  if (p >= 1) return 1;
  let low = 0;
  let high = 1;
  for (let i = 0; i < 200; i++) {
    const mid = (low + high) / 2;
    if (mid === low || mid === high) break;
    if (regularizedBeta(mid, a, b) < p) low = mid;
    else high = mid;
  }
  return (low + high) / 2;
}
