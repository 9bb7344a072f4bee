/// The code of an entity's managed-object class (an `NSManagedObject` subclass): the lifecycle callbacks
/// and validation methods a context calls on the entity's objects.
///
/// The domain knows no scripting language: a front end implements this protocol (Ripple's Lua front end
/// calls the functions of `model:class(…)`) and attaches it with ``EntityDescription/managedObjectClass``.
/// Every method may throw; the context finishes what it was doing, leaves itself consistent and rethrows
/// the first error from the public call that caused the callback (see ``ManagedObjectCallback`` for when
/// each one runs).
///
/// ```swift
/// final class Stamp: ManagedObjectClass {
///     func implements(_ callback: ManagedObjectCallback) -> Bool { callback == .awakeFromInsert }
///     func run(_ callback: ManagedObjectCallback, on object: ManagedObject) throws {
///         try object.setValue(.date(0), forKey: "created")
///     }
/// }
/// model.entity(named: "Note")?.managedObjectClass = Stamp()
/// ```
public protocol ManagedObjectClass: AnyObject {
    /// Whether the class has code for a callback (only those are called).
    func implements(_ callback: ManagedObjectCallback) -> Bool
    /// Runs a lifecycle callback on one object.
    func run(_ callback: ManagedObjectCallback, on object: ManagedObject) throws
    /// Whether the class validates a property itself (`validate<Key>`).
    func validatesValue(forKey key: String) -> Bool
    /// `validate<Key>`: checks the object's current value of a property; nil when it is valid.
    func validateValue(_ value: Value, forKey key: String, of object: ManagedObject) throws -> ValidationFailure?
    /// `validateForInsert` / `validateForUpdate` / `validateForDelete`: nil when the object is valid.
    func validate(_ object: ManagedObject, for operation: ValidationOperation) throws -> ValidationFailure?
}

extension ManagedObjectClass {
    /// No property validation by default.
    public func validatesValue(forKey key: String) -> Bool { false }
    /// Valid by default.
    public func validateValue(_ value: Value, forKey key: String, of object: ManagedObject) throws -> ValidationFailure? { nil }
    /// Valid by default.
    public func validate(_ object: ManagedObject, for operation: ValidationOperation) throws -> ValidationFailure? { nil }
}

/// The lifecycle callbacks of `NSManagedObject`, with when a context calls them.
public enum ManagedObjectCallback: String, CaseIterable, Sendable {
    /// Once, when the object is inserted, in the inserting context only: after the defaults are set and
    /// before the values given to the insertion are applied.
    case awakeFromInsert
    /// When the object's values are loaded into a context from its source (the store, or the parent of a
    /// child context): each time its fault fires.
    case awakeFromFetch
    /// On each save, for each inserted, updated and deleted object, after the `willSave` notification and
    /// before validation; again for the objects a round of `willSave` changed, until none changes anything.
    case willSave
    /// After a save, for each object it saved (inserted, updated, deleted), before the `didSave` notification.
    case didSave
    /// When a deletion is processed, before the object's delete rules run (cascaded objects too).
    case prepareForDeletion
    /// Before a loaded object turns into a fault: a refresh that discards its changes, a reset, its saved
    /// deletion.
    case willTurnIntoFault
    /// After it turned into a fault.
    case didTurnIntoFault
}

/// What a save validates an object for (`validateForInsert`, `validateForUpdate`, `validateForDelete`).
public enum ValidationOperation: String, Sendable {
    /// An inserted object.
    case insert
    /// An updated object.
    case update
    /// A deleted object.
    case delete

    /// The method's name: `validateForInsert`, `validateForUpdate`, `validateForDelete`.
    public var methodName: String { "validateFor" + rawValue.prefix(1).uppercased() + rawValue.dropFirst() }
}

/// A validation error a class reports: its message and code (`NSManagedObjectValidationError`, 1550,
/// unless the class says otherwise).
public struct ValidationFailure: Equatable, Sendable {
    /// The error's description.
    public var message: String
    /// The error code.
    public var code: Int

    /// Creates a failure.
    public init(_ message: String, code: Int = 1550) {
        self.message = message
        self.code = code
    }
}
