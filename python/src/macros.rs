//! Macros for the Python classes that wrap one library value: the class's
//! attributes, and the read-only properties that call the value's method of
//! the same name.

/// Declares a frozen Python class of the module `chess960` that wraps one
/// library value and compares and hashes as the value does (`eq`, `hash`),
/// and sorts as it does too where `ord` is given. The doc comments and
/// other attributes (the derives) are the struct's own:
///
/// ```ignore
/// value_class! {
///     /// One round of a seeded draw.
///     #[pyclass(name = "SeededRound")]
///     #[derive(Clone, Copy, PartialEq, Eq, Hash)]
///     pub(crate) struct PySeededRound(SeededRound);
/// }
/// ```
macro_rules! value_class {
    // Two arms, not an `ord` passed through: PyO3 gives the code it
    // generates for an option that option's span, which must be this arm's
    // as the rest of the attribute is.
    (
        $(#[doc = $doc:expr])*
        #[pyclass(name = $name:literal)]
        $(#[$attribute:meta])*
        $vis:vis struct $class:ident($($field:tt)*);
    ) => {
        $(#[doc = $doc])*
        #[pyo3::pyclass(name = $name, module = "chess960", skip_from_py_object, frozen, eq, hash)]
        $(#[$attribute])*
        $vis struct $class($($field)*);
    };
    (
        $(#[doc = $doc:expr])*
        #[pyclass(name = $name:literal, ord)]
        $(#[$attribute:meta])*
        $vis:vis struct $class:ident($($field:tt)*);
    ) => {
        $(#[doc = $doc])*
        #[pyo3::pyclass(name = $name, module = "chess960", skip_from_py_object, frozen, eq, ord, hash)]
        $(#[$attribute])*
        $vis struct $class($($field)*);
    };
}

/// The `#[pymethods]` block of a class that wraps one library value in
/// field `0`: first its read-only properties, each `NAME -> TYPE` calling
/// the value's method `NAME` (`NAME -> TYPE = CONVERT` passing the result
/// through the function or tuple struct `CONVERT`), with its doc comment;
/// then the block's other items as written.
///
/// ```ignore
/// methods_with_getters! {
///     impl PySeededRound {
///         getters {
///             /// The round's number, from 1.
///             round -> u32;
///             /// The position drawn.
///             position -> PyPosition = PyPosition;
///         }
///
///         fn __str__(&self) -> String {
///             self.0.to_string()
///         }
///     }
/// }
/// ```
macro_rules! methods_with_getters {
    (
        impl $class:ident {
            getters {
                $(
                    $(#[doc = $doc:expr])*
                    $name:ident -> $type:ty $(= $convert:path)?;
                )*
            }
            $($item:tt)*
        }
    ) => {
        #[pyo3::pymethods]
        impl $class {
            $(
                $(#[doc = $doc])*
                #[getter]
                fn $name(&self) -> $type {
                    $($convert)?(self.0.$name())
                }
            )*
            $($item)*
        }
    };
}

pub(crate) use {methods_with_getters, value_class};
