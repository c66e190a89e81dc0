//! Leaf values as people write them: integers or decimals with up to three
//! decimal places, stored exactly as scaled integers.
//!
//! A tree uses one scale for all its values: `10^decimals`, where `decimals` is
//! the largest number of decimal places written on any leaf. `2.5` in a tree
//! whose finest value is `0.25` is stored as `250` with `decimals = 2`, and is
//! printed back as `2.5`.
//!
//! ```
//! use ply_tree::value::{Decimal, format_scaled};
//!
//! let d: Decimal = "-2.50".parse().unwrap();
//! assert_eq!((d.mantissa, d.decimals), (-25, 1)); // trailing zeros do not count
//! assert_eq!(d.scaled(2), Some(-250));
//! assert_eq!(format_scaled(-250, 2), "-2.5");
//! assert_eq!(format_scaled(3000, 3), "3");
//! assert!("1e5".parse::<Decimal>().is_err());
//! assert!("0.0001".parse::<Decimal>().is_err());
//! ```

use ply_core::Score;
use ply_core::text::excerpt;
use std::fmt;
use std::str::FromStr;

/// The most decimal places a leaf value may have.
pub const MAX_DECIMALS: u8 = 3;

/// The largest scaled magnitude: scaled values must be valid heuristic [`Score`]s.
pub const MAX_SCALED: i64 = Score::MAX_HEURISTIC.raw() as i64;

/// A number as written: `mantissa / 10^decimals`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Decimal {
    /// The digits as a whole number: `-25` for `-2.5`.
    pub mantissa: i64,
    /// How many of the digits are decimals: `1` for `-2.5`.
    pub decimals: u8,
}

impl Decimal {
    /// An integer.
    pub const fn integer(value: i64) -> Decimal {
        Decimal {
            mantissa: value,
            decimals: 0,
        }
    }

    /// The same number with no trailing zero decimals (`2.50` is `2.5`, `0.000` is `0`),
    /// as the readers make every number they read.
    pub fn normalized(self) -> Decimal {
        let mut number = self;
        while number.decimals > 0 && number.mantissa % 10 == 0 {
            number.mantissa /= 10;
            number.decimals -= 1;
        }
        number
    }

    /// This number times `10^decimals` (which must be at least `self.decimals`),
    /// or `None` if it does not fit the range of scores.
    pub fn scaled(self, decimals: u8) -> Option<i32> {
        let shift = decimals.checked_sub(self.decimals)?;
        let value = self
            .mantissa
            .checked_mul(10i64.checked_pow(shift as u32)?)?;
        (value.abs() <= MAX_SCALED).then_some(value as i32)
    }
}

/// Why a text is not a leaf value. Every format reads its numbers with
/// [`Decimal::from_str`], so each mistake gets the same message everywhere.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NumberError {
    /// Not a number at all (`x3`, `1.2.3`, `0x10`).
    NotANumber(String),
    /// Written with an exponent (`1e3`).
    Exponent(String),
    /// More than [`MAX_DECIMALS`] decimal places.
    TooPrecise(String),
    /// Beyond ±[`MAX_SCALED`].
    TooLarge(String),
}

impl NumberError {
    /// The number as written (quoted in messages through [`ply_core::text::excerpt`]).
    pub fn text(&self) -> &str {
        match self {
            NumberError::NotANumber(text)
            | NumberError::Exponent(text)
            | NumberError::TooPrecise(text)
            | NumberError::TooLarge(text) => text,
        }
    }
}

impl fmt::Display for NumberError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let quoted = excerpt(self.text());
        match self {
            NumberError::NotANumber(_) => write!(
                f,
                "{quoted} is not a number (write an integer or a decimal such as 2.5)"
            ),
            NumberError::Exponent(_) => write!(
                f,
                "{quoted} has an exponent: write the number out in full (e.g. 2.5)"
            ),
            NumberError::TooPrecise(_) => write!(
                f,
                "{quoted} has more than {MAX_DECIMALS} decimal places (values are exact to 0.001)"
            ),
            NumberError::TooLarge(_) => write!(
                f,
                "{quoted} is too large (values must lie within ±{MAX_SCALED})"
            ),
        }
    }
}

impl std::error::Error for NumberError {}

impl From<NumberError> for String {
    fn from(error: NumberError) -> String {
        error.to_string()
    }
}

impl FromStr for Decimal {
    type Err = NumberError;

    /// Reads `3`, `-6`, `+2.5`, `−4` (a typographic minus, as pasted from a
    /// book), `.5`; rejects exponents, more than three decimals and huge numbers.
    fn from_str(text: &str) -> Result<Decimal, NumberError> {
        let (negative, rest) = if let Some(rest) = text
            .strip_prefix('-')
            .or_else(|| text.strip_prefix('\u{2212}'))
        {
            (true, rest)
        } else if let Some(rest) = text.strip_prefix('+') {
            (false, rest)
        } else {
            (false, text)
        };
        let (whole, fraction) = match rest.split_once('.') {
            Some((whole, fraction)) => (whole, fraction),
            None => (rest, ""),
        };
        if rest.contains(['e', 'E']) && rest.starts_with(|c: char| c.is_ascii_digit() || c == '.') {
            return Err(NumberError::Exponent(text.to_string()));
        }
        if whole.is_empty() && fraction.is_empty()
            || !whole.bytes().all(|b| b.is_ascii_digit())
            || !fraction.bytes().all(|b| b.is_ascii_digit())
        {
            return Err(NumberError::NotANumber(text.to_string()));
        }
        let fraction = fraction.trim_end_matches('0');
        if fraction.len() > MAX_DECIMALS as usize {
            return Err(NumberError::TooPrecise(text.to_string()));
        }
        let mut mantissa: i64 = 0;
        for digit in whole.bytes().chain(fraction.bytes()) {
            mantissa = mantissa
                .checked_mul(10)
                .and_then(|m| m.checked_add((digit - b'0') as i64))
                .filter(|&m| m <= MAX_SCALED)
                .ok_or_else(|| NumberError::TooLarge(text.to_string()))?;
        }
        Ok(Decimal {
            mantissa: if negative { -mantissa } else { mantissa },
            decimals: fraction.len() as u8,
        })
    }
}

impl fmt::Display for Decimal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&format_scaled(self.mantissa, self.decimals))
    }
}

/// Writes `scaled / 10^decimals` the shortest exact way: `3`, `-6`, `2.5`, `0.125`.
pub fn format_scaled(scaled: i64, decimals: u8) -> String {
    let sign = if scaled < 0 { "-" } else { "" };
    let abs = scaled.unsigned_abs();
    let unit = 10u64.pow(decimals as u32);
    let (whole, fraction) = (abs / unit, abs % unit);
    if fraction == 0 {
        return format!("{sign}{whole}");
    }
    let digits = format!("{fraction:0width$}", width = decimals as usize);
    format!("{sign}{whole}.{}", digits.trim_end_matches('0'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_and_writes_exactly() {
        for (text, mantissa, decimals, back) in [
            ("3", 3, 0, "3"),
            ("-6", -6, 0, "-6"),
            ("\u{2212}6", -6, 0, "-6"),
            ("+2.5", 25, 1, "2.5"),
            ("0.125", 125, 3, "0.125"),
            (".5", 5, 1, "0.5"),
            ("7.", 7, 0, "7"),
            ("-0.0", 0, 0, "0"),
            ("998999999", 998_999_999, 0, "998999999"),
        ] {
            let d: Decimal = text.parse().unwrap();
            assert_eq!((d.mantissa, d.decimals), (mantissa, decimals), "{text}");
            assert_eq!(d.to_string(), back);
        }
    }

    #[test]
    fn rejects_what_is_not_an_exact_number() {
        for text in [
            "",
            "-",
            ".",
            "1e3",
            "1.2.3",
            "abc",
            "0x10",
            "1,5",
            "0.0001",
            "999000000",
            "--1",
            "nan",
            "inf",
        ] {
            assert!(text.parse::<Decimal>().is_err(), "{text}");
        }
    }

    #[test]
    fn scaling() {
        assert_eq!(Decimal::integer(3).scaled(3), Some(3000));
        assert_eq!(
            Decimal {
                mantissa: 25,
                decimals: 1
            }
            .scaled(0),
            None
        );
        assert_eq!(Decimal::integer(998_999_999).scaled(1), None);
        assert_eq!(format_scaled(-1, 3), "-0.001");
        assert_eq!(format_scaled(1050, 3), "1.05");
    }
}
