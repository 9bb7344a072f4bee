/// How an object stopped being usable, for messages that say which object, how it went and what to do.
enum ObjectFate {
    /// `ctx:delete(obj)` (with the script location when known).
    case deleted(context: String, at: String?)
    /// A cascade delete rule, from the object named.
    case cascade(from: String, context: String)
    /// The context was reset.
    case reset(context: String)
    /// Its store was removed from the coordinator.
    case storeRemoved(store: String)
    /// Another context's save (or a remote change) deleted it, merged into this context.
    case deletedElsewhere(context: String)
    /// Merged into another object by a uniqueness constraint.
    case mergedInto(String)
    /// Its row was gone when its fault fired (deleted elsewhere, not merged into this context).
    case missingInStore(context: String)

    /// `Customer#1 was deleted at app.lua:12 in viewContext; …` — what happened and the fix.
    func explanation(_ name: String, saved: Bool = false) -> String {
        let fix = saved ? "the deletion was saved: stop using it" : "bring it back with rollback() or the undo manager before saving, or stop using it"
        switch self {
        case .deleted(let context, let at):
            return "\(name) was deleted\(at.map { " at \($0)" } ?? "") in \(context); \(fix)"
        case .cascade(let from, let context):
            return "\(name) was deleted by a cascade from \(from) in \(context); \(fix)"
        case .reset(let context):
            return "\(name) was invalidated by \(context):reset(); objects do not survive a reset — fetch it again"
        case .storeRemoved(let store):
            return "\(name) was invalidated when the store \(store) was removed from its coordinator; add a store and fetch it again"
        case .deletedElsewhere(let context):
            return "\(name) was deleted by a save merged into \(context) from elsewhere; fetch again instead of keeping it"
        case .missingInStore(let context):
            return "\(name) is no longer in the store: another context, connection or batch request deleted it and the deletion was not merged into \(context); merge it (ripple.mergeChanges, mergeChangesFromContextDidSave) or fetch again"
        case .mergedInto(let survivor):
            return "\(name) was merged into \(survivor) by a uniqueness constraint at save; use \(survivor)"
        }
    }
}

extension ManagedObject {
    /// The fate of the object, appended to an access error: ` (Ripple: Customer#1 was …)`.
    var fateSuffix: String {
        guard let fate else { return "" }
        return " (Ripple: " + fate.explanation(displayName, saved: managedObjectContext == nil && !state.isInvalid) + ")"
    }
}

extension ObjectGraphError {
    /// Core Data's words for an access to an invalidated object, then how it went.
    static func unfulfillableFault(_ object: ManagedObject) -> ObjectGraphError {
        ObjectGraphError(.inaccessibleObject,
            "CoreData could not fulfill a fault for '\(object.objectID.uriRepresentation)'" + object.fateSuffix)
    }

    /// Core Data's words for a change to an object removed from its context, then how it went.
    static func removedFromContext(_ object: ManagedObject, _ verb: String = "Mutating") -> ObjectGraphError {
        ObjectGraphError(.inaccessibleObject,
            "\(verb) a managed object \(object.displayName) <\(object.objectID.uriRepresentation)> after it has been removed from its context." + object.fateSuffix)
    }
}
