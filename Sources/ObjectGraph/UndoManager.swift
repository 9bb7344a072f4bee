/// An undo manager for contexts (`UndoManager` as Core Data uses it): a context whose `undoManager` is set
/// registers one undo group each time it processes its own pending changes — once per run-loop event for
/// the view context (`groupsByEvent`). Undoing a group is a change like any other: it is applied through
/// the context's ordinary mutations and announced by the next objects-did-change notification, which in
/// turn becomes the redo group.
///
/// ```swift
/// let undo = UndoManager()
/// context.undoManager = undo
/// try context.delete(ann); try context.processPendingChanges()
/// try undo.undo()          // Ann is back, announced as inserted
/// ```
public final class UndoManager {
    /// One recorded change of one object.
    struct Change {
        let object: ManagedObject
        /// Inserted (or brought back) in the group: undoing deletes it.
        let inserted: Bool
        /// Deleted in the group: undoing brings it back.
        let deleted: Bool
        /// The value of each changed property before the group, in change order.
        let before: [(String, Value)]
    }

    /// A group of changes undone or redone together.
    struct Group {
        weak var context: ManagedObjectContext?
        var changes: [Change]
        var actionName: String
    }

    var undoStack: [Group] = []
    var redoStack: [Group] = []
    var isUndoing = false
    var isRedoing = false
    var pendingActionName: String?
    /// `disableUndoRegistration()` nesting.
    var disabledCount = 0

    /// Creates an empty undo manager.
    public init() {}

    /// Groups are made per event (always true: the only mode Core Data contexts use).
    public var groupsByEvent: Bool { true }
    /// True when there is a group to undo.
    public var canUndo: Bool { !undoStack.isEmpty }
    /// True when there is a group to redo.
    public var canRedo: Bool { !redoStack.isEmpty }
    /// The name of the group `undo()` would undo ("" when unnamed).
    public var undoActionName: String { undoStack.last?.actionName ?? "" }
    /// The name of the group `redo()` would redo.
    public var redoActionName: String { redoStack.last?.actionName ?? "" }
    /// True while undo registration is enabled.
    public var isUndoRegistrationEnabled: Bool { disabledCount == 0 }

    /// Names the group being made (`setActionName(_:)`): the changes of the current event, recorded at
    /// the context's next processing; when there are none, the last recorded group.
    public func setActionName(_ name: String) {
        pendingActionName = name
    }

    /// Forgets every group (`removeAllActions()`).
    public func removeAllActions() {
        undoStack.removeAll()
        redoStack.removeAll()
        pendingActionName = nil
    }

    /// Stops recording (`disableUndoRegistration()`); calls nest.
    public func disableUndoRegistration() { disabledCount += 1 }

    /// Resumes recording (`enableUndoRegistration()`).
    /// - Throws: `.invalidOperation` when registration is not disabled.
    public func enableUndoRegistration() throws {
        guard disabledCount > 0 else {
            throw ObjectGraphError(.invalidOperation,
                "-[NSUndoManager enableUndoRegistration]: Unbalanced call; registration is not disabled.")
        }
        disabledCount -= 1
    }

    /// Undoes the last group (`undo()`): its context first processes its pending changes (closing the
    /// current event's group), then the group's inverse is applied and processed; that processing is the
    /// redo group.
    /// - Throws: `.invalidOperation` with nothing to undo; the context's errors.
    public func undo() throws {
        try closeOpenGroups()
        guard let group = undoStack.popLast() else {
            throw ObjectGraphError(.invalidOperation, "-[NSUndoManager undo]: there is nothing to undo.")
        }
        isUndoing = true
        defer { isUndoing = false }
        try apply(group)
    }

    /// Redoes the last undone group (`redo()`).
    /// - Throws: `.invalidOperation` with nothing to redo; the context's errors.
    public func redo() throws {
        try closeOpenGroups()
        guard let group = redoStack.popLast() else {
            throw ObjectGraphError(.invalidOperation, "-[NSUndoManager redo]: there is nothing to redo.")
        }
        isRedoing = true
        defer { isRedoing = false }
        try apply(group)
    }

    /// Lets the contexts of the recorded groups process their pending changes, so that the current
    /// event's changes form their own group first.
    private func closeOpenGroups() throws {
        var seen = Set<ObjectIdentifier>()
        for group in undoStack.reversed() + redoStack.reversed() {
            guard let context = group.context, seen.insert(ObjectIdentifier(context)).inserted else { continue }
            if context.undoManager === self && context.hasPendingChanges { try context.processPendingChanges() }
        }
    }

    private func apply(_ group: Group) throws {
        guard let context = group.context else {
            throw ObjectGraphError(.invalidOperation, "-[NSUndoManager undo]: the context of this undo group is gone.")
        }
        pendingActionName = group.actionName
        try context.applyUndo(group.changes)
    }

    /// Records the group of changes a context is about to announce.
    func record(_ changes: [Change], context: ManagedObjectContext) {
        guard !changes.isEmpty, isUndoRegistrationEnabled else { return }
        let group = Group(context: context, changes: changes, actionName: pendingActionName ?? "")
        pendingActionName = nil
        if isUndoing {
            redoStack.append(group)
        } else {
            undoStack.append(group)
            if !isRedoing { redoStack.removeAll() }
        }
    }
}

extension ManagedObjectContext {
    /// Undoes the last change of the undo manager (`undo()`); does nothing without one.
    public func undo() throws { try undoManager?.undo() }

    /// Redoes (`redo()`); does nothing without an undo manager.
    public func redo() throws { try undoManager?.redo() }

    /// The undo group of the pending changes about to be announced (own changes only: merges and
    /// refreshes are not undoable).
    func recordUndoGroup() {
        guard let undoManager, undoManager.isUndoRegistrationEnabled else { return }
        // The pending insertions, deletions and updates, without the objects inserted and deleted in this
        // event: three disjoint parts (`pendingInserted` is a list with membership in each object).
        var changes: [UndoManager.Change] = []
        var touched = pendingInserted.filter { !pendingDeleted.contains($0) }
        for object in pendingDeleted where !pendingInserted.contains(object) { touched.append(object) }
        for object in pendingUpdated where !pendingInserted.contains(object) && !pendingDeleted.contains(object) {
            touched.append(object)
        }
        for object in touched.sortedInObjectOrder() where object.managedObjectContext === self || object.state.isDeleted {
            let inserted = pendingInserted.contains(object)
            var before: [(String, Value)] = []
            if !inserted {
                for key in object.state.pendingKeys {
                    guard let slot = object.entity.slots[key], let old = object.state.pendingOldValues[key] else { continue }
                    if case .derived = slot { continue }
                    before.append((key, old))
                }
            }
            changes.append(.init(object: object, inserted: inserted, deleted: pendingDeleted.contains(object), before: before))
        }
        undoManager.record(changes, context: self)
    }

    /// Applies the inverse of an undo group, then processes it (which records the opposite group).
    func applyUndo(_ changes: [UndoManager.Change]) throws {
        for change in changes where change.deleted && change.object.managedObjectContext !== self {
            if change.object.state.isInvalid || change.object.managedObjectContext != nil {
                throw ObjectGraphError(.invalidOperation,
                    "Cannot undo the deletion of \(change.object.displayName): it was invalidated or belongs to another context since." + change.object.fateSuffix)
            }
        }
        try processPendingChanges()
        try performMutation {
            for change in changes where change.deleted {
                let object = change.object
                object.fate = nil
                object.state.isDeleted = false
                deleted.remove(object)
                if object.managedObjectContext == nil {
                    // The deletion was saved: the object comes back as a new insertion (with its ID), as
                    // Core Data re-inserts it.
                    object.state.isInserted = true
                    clearSnapshot(object)
                }
                if object.state.isInserted {
                    object.managedObjectContext = self
                    registered.register(object)
                    inserted.insert(object)
                }
                pendingInserted.insert(object)
                for i in object.entity.derivedProperties.indices { markDerivedDirty(object, i) }
            }
            for change in changes where !change.inserted {
                for (key, value) in change.before {
                    try setValue(value, forKey: key, of: change.object)
                }
            }
            for change in changes where change.inserted {
                try checkAccess(change.object, forWriting: false)
                markDeleted(change.object)
            }
        }
        try processPendingChanges()
    }
}
