//! Perceptual colour: sRGB to CIELAB (D65) and back (to name a colour), and the CIEDE2000
//! difference.

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Lab {
    pub l: f64,
    pub a: f64,
    pub b: f64,
}

/// sRGB 0–255 to linear 0–1.
pub fn linear(channel: u8) -> f64 {
    let c = f64::from(channel) / 255.0;
    if c <= 0.04045 {
        c / 12.92
    } else {
        ((c + 0.055) / 1.055).powf(2.4)
    }
}

/// Linear RGB (0–1) to CIELAB under D65.
pub fn lab_of_linear([r, g, b]: [f64; 3]) -> Lab {
    let x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047;
    let y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b;
    let z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883;
    let f = |t: f64| {
        if t > 216.0 / 24389.0 {
            t.cbrt()
        } else {
            (24389.0 / 27.0 * t + 16.0) / 116.0
        }
    };
    let (fx, fy, fz) = (f(x), f(y), f(z));
    Lab {
        l: 116.0 * fy - 16.0,
        a: 500.0 * (fx - fy),
        b: 200.0 * (fy - fz),
    }
}

/// CIELAB (D65) back to sRGB 0–255, clamped to the gamut.
pub fn srgb_of_lab(lab: Lab) -> [u8; 3] {
    let fy = (lab.l + 16.0) / 116.0;
    let fx = fy + lab.a / 500.0;
    let fz = fy - lab.b / 200.0;
    let inverse = |f: f64| {
        let f3 = f * f * f;
        if f3 > 216.0 / 24389.0 {
            f3
        } else {
            (116.0 * f - 16.0) / (24389.0 / 27.0)
        }
    };
    let (x, y, z) = (inverse(fx) * 0.95047, inverse(fy), inverse(fz) * 1.08883);
    let r = 3.2404542 * x - 1.5371385 * y - 0.4985314 * z;
    let g = -0.9692660 * x + 1.8760108 * y + 0.0415560 * z;
    let b = 0.0556434 * x - 0.2040259 * y + 1.0572252 * z;
    let encode = |c: f64| {
        let c = c.clamp(0.0, 1.0);
        let v = if c <= 0.0031308 {
            12.92 * c
        } else {
            1.055 * c.powf(1.0 / 2.4) - 0.055
        };
        (v * 255.0).round().clamp(0.0, 255.0) as u8
    };
    [encode(r), encode(g), encode(b)]
}

#[cfg(test)]
pub fn lab_of_srgb(rgb: [u8; 3]) -> Lab {
    lab_of_linear(rgb.map(linear))
}

/// CIEDE2000 (Sharma, Wu and Dalal 2005), with kL = kC = kH = 1.
pub fn delta_e_2000(p: Lab, q: Lab) -> f64 {
    use std::f64::consts::PI;
    let deg = |r: f64| r * 180.0 / PI;
    let rad = |d: f64| d * PI / 180.0;

    let c1 = p.a.hypot(p.b);
    let c2 = q.a.hypot(q.b);
    let c_mean = (c1 + c2) / 2.0;
    let c7 = c_mean.powi(7);
    let g = 0.5 * (1.0 - (c7 / (c7 + 25f64.powi(7))).sqrt());
    let a1 = (1.0 + g) * p.a;
    let a2 = (1.0 + g) * q.a;
    let c1p = a1.hypot(p.b);
    let c2p = a2.hypot(q.b);
    let hue = |b: f64, a: f64| {
        if a == 0.0 && b == 0.0 {
            0.0
        } else {
            deg(b.atan2(a)).rem_euclid(360.0)
        }
    };
    let h1 = hue(p.b, a1);
    let h2 = hue(q.b, a2);

    let dl = q.l - p.l;
    let dc = c2p - c1p;
    let dh = if c1p * c2p == 0.0 {
        0.0
    } else if (h2 - h1).abs() <= 180.0 {
        h2 - h1
    } else if h2 - h1 > 180.0 {
        h2 - h1 - 360.0
    } else {
        h2 - h1 + 360.0
    };
    let dh_big = 2.0 * (c1p * c2p).sqrt() * rad(dh / 2.0).sin();

    let l_mean = (p.l + q.l) / 2.0;
    let cp_mean = (c1p + c2p) / 2.0;
    let h_mean = if c1p * c2p == 0.0 {
        h1 + h2
    } else if (h1 - h2).abs() <= 180.0 {
        (h1 + h2) / 2.0
    } else if h1 + h2 < 360.0 {
        (h1 + h2 + 360.0) / 2.0
    } else {
        (h1 + h2 - 360.0) / 2.0
    };
    let t = 1.0 - 0.17 * rad(h_mean - 30.0).cos()
        + 0.24 * rad(2.0 * h_mean).cos()
        + 0.32 * rad(3.0 * h_mean + 6.0).cos()
        - 0.20 * rad(4.0 * h_mean - 63.0).cos();
    let d_theta = 30.0 * (-((h_mean - 275.0) / 25.0).powi(2)).exp();
    let cp7 = cp_mean.powi(7);
    let rc = 2.0 * (cp7 / (cp7 + 25f64.powi(7))).sqrt();
    let l50 = (l_mean - 50.0).powi(2);
    let sl = 1.0 + 0.015 * l50 / (20.0 + l50).sqrt();
    let sc = 1.0 + 0.045 * cp_mean;
    let sh = 1.0 + 0.015 * cp_mean * t;
    let rt = -rad(2.0 * d_theta).sin() * rc;

    let (tl, tc, th) = (dl / sl, dc / sc, dh_big / sh);
    (tl * tl + tc * tc + th * th + rt * tc * th).sqrt()
}

#[cfg(test)]
#[path = "color_tests.rs"]
mod tests;
