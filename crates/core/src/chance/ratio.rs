//! Exact fractions: the probabilities of chance and the expected values they weigh.
//!
//! A chance node's value is a weighted sum; with probabilities such as `1/6` it is a
//! fraction no decimal writes exactly, and a lesson on expectiminimax wants `19/6`,
//! not `3.1666666666666665`. Numerator and denominator are 128-bit and always in
//! lowest terms, every operation checked: one that would overflow answers `None`,
//! and the searches report it as an error instead of a wrong value.

use std::cmp::Ordering;
use std::fmt;

/// An exact fraction `numerator / denominator`, in lowest terms, denominator positive.
///
/// ```
/// use ply_core::chance::Ratio;
///
/// let sixth: Ratio = "1/6".parse().unwrap();
/// let half: Ratio = "0.5".parse().unwrap();
/// assert_eq!(sixth.checked_add(half.checked_mul(Ratio::from(2)).unwrap()), "7/6".parse().ok());
/// assert_eq!("2/4".parse::<Ratio>().unwrap().to_string(), "1/2");
/// assert!(sixth < half);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ratio {
    numerator: i128,
    denominator: i128,
}

fn gcd(mut a: i128, mut b: i128) -> i128 {
    a = a.abs();
    b = b.abs();
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

impl Ratio {
    /// Zero.
    pub const ZERO: Ratio = Ratio {
        numerator: 0,
        denominator: 1,
    };
    /// One.
    pub const ONE: Ratio = Ratio {
        numerator: 1,
        denominator: 1,
    };

    /// `numerator / denominator` in lowest terms; `None` for a zero denominator (or
    /// `i128::MIN`, whose negation does not exist).
    pub fn new(numerator: i128, denominator: i128) -> Option<Ratio> {
        if denominator == 0 || numerator == i128::MIN || denominator == i128::MIN {
            return None;
        }
        let divisor = gcd(numerator, denominator).max(1);
        let sign = denominator.signum();
        Some(Ratio {
            numerator: sign * numerator / divisor,
            denominator: sign * denominator / divisor,
        })
    }

    /// The numerator (its sign is the fraction's).
    pub fn numerator(self) -> i128 {
        self.numerator
    }

    /// The denominator, at least 1.
    pub fn denominator(self) -> i128 {
        self.denominator
    }

    /// True for a whole number.
    pub fn is_integer(self) -> bool {
        self.denominator == 1
    }

    /// `self + other`, `None` on overflow.
    pub fn checked_add(self, other: Ratio) -> Option<Ratio> {
        // Dividing by the common factor of the denominators first keeps the products small.
        let common = gcd(self.denominator, other.denominator);
        let left = self.numerator.checked_mul(other.denominator / common)?;
        let right = other.numerator.checked_mul(self.denominator / common)?;
        let denominator = (self.denominator / common).checked_mul(other.denominator)?;
        Ratio::new(left.checked_add(right)?, denominator)
    }

    /// `self - other`, `None` on overflow.
    pub fn checked_sub(self, other: Ratio) -> Option<Ratio> {
        self.checked_add(other.checked_neg()?)
    }

    /// `-self`, `None` on overflow.
    pub fn checked_neg(self) -> Option<Ratio> {
        Ratio::new(self.numerator.checked_neg()?, self.denominator)
    }

    /// `self × other`, `None` on overflow.
    pub fn checked_mul(self, other: Ratio) -> Option<Ratio> {
        // Cross-cancelling first: (a/b)(c/d) = (a/g1)(c/g2) / ((b/g2)(d/g1)).
        let g1 = gcd(self.numerator, other.denominator).max(1);
        let g2 = gcd(other.numerator, self.denominator).max(1);
        let numerator = (self.numerator / g1).checked_mul(other.numerator / g2)?;
        let denominator = (self.denominator / g2).checked_mul(other.denominator / g1)?;
        Ratio::new(numerator, denominator)
    }

    /// `self / other`, `None` on overflow or division by zero.
    pub fn checked_div(self, other: Ratio) -> Option<Ratio> {
        let inverse = Ratio::new(other.denominator, other.numerator)?;
        self.checked_mul(inverse)
    }

    /// The nearest `f64` (for display and for games that count in floating point).
    pub fn to_f64(self) -> f64 {
        self.numerator as f64 / self.denominator as f64
    }

    /// The value written with at most `places` decimal places, rounded half away from
    /// zero, trailing zeros dropped (`19/6` with 3 places: `3.167`; `5/2`: `2.5`).
    pub fn to_decimal(self, places: u32) -> String {
        let scale = 10i128.pow(places.min(30));
        let magnitude = self.numerator.unsigned_abs();
        let denominator = self.denominator as u128;
        let whole = magnitude / denominator;
        let rest = magnitude % denominator;
        // The fraction's digits, rounded; a carry goes into the whole part.
        let scaled = rest * scale as u128;
        let mut digits = scaled / denominator;
        if (scaled % denominator) * 2 >= denominator {
            digits += 1;
        }
        let (whole, digits) = if digits == scale as u128 {
            (whole + 1, 0)
        } else {
            (whole, digits)
        };
        let sign = if self.numerator < 0 && (whole > 0 || digits > 0) {
            "-"
        } else {
            ""
        };
        if digits == 0 {
            return format!("{sign}{whole}");
        }
        let text = format!("{digits:0width$}", width = places as usize);
        format!("{sign}{whole}.{}", text.trim_end_matches('0'))
    }
}

impl From<i64> for Ratio {
    fn from(value: i64) -> Ratio {
        Ratio {
            numerator: value as i128,
            denominator: 1,
        }
    }
}

impl From<i32> for Ratio {
    fn from(value: i32) -> Ratio {
        Ratio::from(value as i64)
    }
}

impl Ord for Ratio {
    fn cmp(&self, other: &Ratio) -> Ordering {
        // Both denominators are positive: compare the cross products, widened where a
        // product would overflow 128 bits.
        match (
            self.numerator.checked_mul(other.denominator),
            other.numerator.checked_mul(self.denominator),
        ) {
            (Some(a), Some(b)) => a.cmp(&b),
            _ => {
                let (a, b) = (self.to_f64(), other.to_f64());
                a.partial_cmp(&b).unwrap_or(Ordering::Equal)
            }
        }
    }
}

impl PartialOrd for Ratio {
    fn partial_cmp(&self, other: &Ratio) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Ratio {
    /// `3`, `-1/2`, `19/6`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.denominator == 1 {
            write!(f, "{}", self.numerator)
        } else {
            write!(f, "{}/{}", self.numerator, self.denominator)
        }
    }
}

/// Why a text is not a fraction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RatioError {
    /// Not an integer, a decimal or `a/b` (the text, quoted short).
    NotANumber(String),
    /// A zero denominator.
    DivisionByZero(String),
    /// Too many digits to hold exactly.
    TooLarge(String),
}

impl fmt::Display for RatioError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RatioError::NotANumber(text) => write!(
                f,
                "{text} is not a number (write an integer, a decimal such as 0.25, or a fraction such as 1/6)"
            ),
            RatioError::DivisionByZero(text) => write!(f, "{text} divides by zero"),
            RatioError::TooLarge(text) => write!(f, "{text} is too large or too precise"),
        }
    }
}

impl std::error::Error for RatioError {}

impl std::str::FromStr for Ratio {
    type Err = RatioError;

    /// An integer (`3`, `-2`), a decimal (`0.25`, `.5`, `-1.5`) or a fraction of
    /// integers (`1/6`, `-3/4`); no exponents, no spaces.
    fn from_str(text: &str) -> Result<Ratio, RatioError> {
        let not_a_number = || RatioError::NotANumber(crate::text::excerpt(text));
        let too_large = || RatioError::TooLarge(crate::text::excerpt(text));
        if let Some((top, bottom)) = text.split_once('/') {
            let integer = |part: &str| -> Result<i128, RatioError> {
                let digits = part.strip_prefix(['-', '+']).unwrap_or(part);
                if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                    return Err(not_a_number());
                }
                part.parse::<i128>().map_err(|_| too_large())
            };
            let (top, bottom) = (integer(top)?, integer(bottom)?);
            if bottom == 0 {
                return Err(RatioError::DivisionByZero(crate::text::excerpt(text)));
            }
            return Ratio::new(top, bottom).ok_or_else(too_large);
        }
        let (negative, body) = match text.as_bytes().first() {
            Some(b'-') => (true, &text[1..]),
            Some(b'+') => (false, &text[1..]),
            _ => (false, text),
        };
        let (whole, fraction) = body.split_once('.').unwrap_or((body, ""));
        let digits_only = |part: &str| part.bytes().all(|b| b.is_ascii_digit());
        if (whole.is_empty() && fraction.is_empty())
            || !digits_only(whole)
            || !digits_only(fraction)
            || (body.contains('.') && fraction.is_empty() && whole.is_empty())
        {
            return Err(not_a_number());
        }
        if whole.len() + fraction.len() > 30 {
            return Err(too_large());
        }
        let joined = format!("{whole}{fraction}");
        let numerator: i128 = if joined.is_empty() {
            0
        } else {
            joined.parse().map_err(|_| too_large())?
        };
        let denominator = 10i128.pow(fraction.len() as u32);
        let numerator = if negative { -numerator } else { numerator };
        Ratio::new(numerator, denominator).ok_or_else(too_large)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(text: &str) -> Ratio {
        text.parse().unwrap()
    }

    #[test]
    fn fractions_read_reduce_and_compare_exactly() {
        assert_eq!(r("2/4"), r("0.5"));
        assert_eq!(r("-3/-6"), r("1/2"));
        assert_eq!(r("3/-6").to_string(), "-1/2");
        assert_eq!(r(".125"), r("1/8"));
        assert_eq!(r("+7"), Ratio::from(7));
        assert!(r("1/3") < r("0.334") && r("1/3") > r("0.333"));
        for bad in [
            "", "-", ".", "1e3", "1/", "/2", "a/b", "1.2.3", "1 /2", "0x10",
        ] {
            assert!(bad.parse::<Ratio>().is_err(), "{bad:?}");
        }
        assert_eq!(
            "1/0".parse::<Ratio>(),
            Err(RatioError::DivisionByZero("'1/0'".into()))
        );
    }

    #[test]
    fn arithmetic_is_exact_and_overflow_is_reported() {
        let sixth = r("1/6");
        let mut sum = Ratio::ZERO;
        for _ in 0..6 {
            sum = sum.checked_add(sixth).unwrap();
        }
        assert_eq!(sum, Ratio::ONE);
        assert_eq!(r("3/4").checked_mul(r("2/9")), Some(r("1/6")));
        assert_eq!(r("1/2").checked_div(r("1/4")), Some(Ratio::from(2)));
        assert_eq!(r("1/2").checked_div(Ratio::ZERO), None);
        let huge = Ratio::new(i128::MAX, 1).unwrap();
        assert_eq!(huge.checked_add(Ratio::ONE), None);
        assert_eq!(huge.checked_mul(Ratio::from(2)), None);
    }

    #[test]
    fn decimals_round_half_away_from_zero() {
        assert_eq!(r("19/6").to_decimal(3), "3.167");
        assert_eq!(r("-19/6").to_decimal(3), "-3.167");
        assert_eq!(r("5/2").to_decimal(3), "2.5");
        assert_eq!(r("-1/3000").to_decimal(3), "0");
        assert_eq!(r("9999/10000").to_decimal(3), "1");
        assert_eq!(Ratio::from(-4).to_decimal(2), "-4");
    }
}
