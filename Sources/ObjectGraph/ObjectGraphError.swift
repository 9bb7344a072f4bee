/// The one error type of the ObjectGraph library.
///
/// Errors a caller can cause are thrown as `ObjectGraphError`; the `message` is written in Core
/// Data's own words so that a script author recognises it. Validation errors carry their Cocoa error
/// code (`NSCocoaErrorDomain` 1550–1680); several validation errors at once are wrapped in one error with
/// code 1560 whose `detailedErrors` lists each.
///
/// The `description` format is documented but not stable: do not parse it.
///
/// ```swift
/// do { try context.save() } catch let error as ObjectGraphError where error.code == 1570 { … }
/// ```
public struct ObjectGraphError: Error, CustomStringConvertible {
    /// What went wrong, in broad terms.
    public enum Kind: String, Sendable {
        /// The model is inconsistent (unknown type, unknown or mismatched inverse, cycle).
        case invalidModel
        /// No entity of that name exists in the model.
        case unknownEntity
        /// The object has no property with that key (`NSUnknownKeyException`).
        case unknownKey
        /// A value of the wrong type for a property (`NSInvalidArgumentException`).
        case wrongType
        /// The object was deleted, invalidated or belongs to no context.
        case inaccessibleObject
        /// The operation is not allowed in this state (`NSInternalInconsistencyException`).
        case invalidOperation
        /// Save-time validation failed (`NSCocoaErrorDomain` 1550–1680).
        case validation
        /// The predicate text could not be parsed.
        case predicateSyntax
        /// The predicate could not be evaluated (unknown key path, bad operand).
        case predicateEvaluation
        /// The fetch request is malformed.
        case invalidFetchRequest
        /// A persistent store failed.
        case store
        /// A private-queue context or its objects were used outside `perform` / `performAndWait`.
        case concurrency
        /// An error raised by caller-supplied code (a callback or a derived function).
        case callback
        /// A bound on host work was reached (the script's ``WorkBudget``, a regular expression's step limit,
        /// a predicate's nesting limit).
        case limitExceeded
    }

    /// The broad kind of error.
    public var kind: Kind
    /// The Cocoa error code (e.g. 1570), or 0 when Core Data raises an exception instead.
    public var code: Int
    /// The message, in Core Data's words.
    public var message: String
    /// The errors wrapped by a 1560 multiple-validation error, in a deterministic order.
    public var detailedErrors: [ObjectGraphError]
    /// For `.callback` errors: the error thrown by the callback, unchanged.
    public var underlying: (any Error)?
    /// For an unknown name (`.unknownKey`, `.unknownEntity`): the name given and the names it could have
    /// been (an entity's properties, a model's entities), so that a front end can suggest the nearest.
    public var unknownName: (name: String, known: [String])?
    /// For a validation error about one property: its key (`NSValidationErrorKey`).
    public var validationKey: String?

    /// Creates an error.
    public init(_ kind: Kind, code: Int = 0, _ message: String, detailedErrors: [ObjectGraphError] = [],
                underlying: (any Error)? = nil) {
        self.kind = kind
        self.code = code
        self.message = message
        self.detailedErrors = detailedErrors
        self.underlying = underlying
    }

    /// The error of numbering past ``ManagedObjectID/largestNumber`` (an entity whose numbers were taken up
    /// to the largest, for instance by a store row or a merged ID numbered that high).
    public static func numberingExhausted(_ entityName: String) -> ObjectGraphError {
        ObjectGraphError(.limitExceeded, "no object number is left for entity \(entityName): object numbers end at \(ManagedObjectID.largestNumber)")
    }

    /// This error with ``unknownName`` set.
    func naming(_ name: String, among known: [String]) -> ObjectGraphError {
        var error = self
        error.unknownName = (name, known)
        return error
    }

    /// The message, prefixed by the Cocoa domain and code for validation errors.
    public var description: String { message }
}
