/// An undo manager for contexts (`UndoManager` as Core Data uses it): a context whose `undoManager` is set
/// records its changes each time it processes its own pending changes. With `groupsByEvent` (the default)
/// each processing makes one top-level group — once per run-loop event for the view context; explicit
/// `beginUndoGrouping()` / `endUndoGrouping()` groups gather several processings into one group (nested
/// groups fold into the outermost one). Undoing a group is a change like any other: it is applied through
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

    /// The changes one processing of one context recorded.
    struct Segment {
        weak var context: ManagedObjectContext?
        var changes: [Change]
    }

    /// A group of changes undone or redone together: the segments in the order they were recorded.
    struct Group {
        var segments: [Segment]
        var actionName: String
    }

    /// A group still being made (`beginUndoGrouping()` not yet matched, or the event's own group).
    struct OpenGroup {
        var segments: [Segment] = []
        var actionName: String?
        /// Opened by a registration under `groupsByEvent` (the event's group), not by `beginUndoGrouping()`.
        var isEventGroup = false
        /// The nested groups closed inside this one, as ranges of ``segments``, oldest first
        /// (``UndoManager/undoNestedGroup()`` undoes the last one when nothing was recorded after it).
        var nested: [Range<Int>] = []
    }

    @exclusivity(unchecked) var undoStack: [Group] = []
    @exclusivity(unchecked) var redoStack: [Group] = []
    /// The open groups, outermost first (`groupingLevel` is their number).
    @exclusivity(unchecked) var openGroups: [OpenGroup] = []
    /// While undoing or redoing: the group collecting the inverse.
    @exclusivity(unchecked) var collecting: OpenGroup?
    @exclusivity(unchecked) var isUndoing = false
    @exclusivity(unchecked) var isRedoing = false
    @exclusivity(unchecked) var pendingActionName: String?
    /// `disableUndoRegistration()` nesting.
    @exclusivity(unchecked) var disabledCount = 0
    /// The contexts that use this manager, in the order they took it (weak): their pending changes are
    /// processed at each checkpoint (begin, end, undo, redo), as Core Data contexts do when the manager
    /// posts `NSUndoManagerCheckpointNotification`.
    @exclusivity(unchecked) private var contexts: [WeakContext] = []

    private struct WeakContext { weak var context: ManagedObjectContext? }

    /// Creates an empty undo manager.
    public init() {}

    /// Whether each processing of a context's changes outside an explicit group makes its own group
    /// (`groupsByEvent`, true by default). When false, changes are recorded only inside
    /// `beginUndoGrouping()` … `endUndoGrouping()`; a processing outside any group fails with
    /// Foundation's "must begin a group before registering undo" and records nothing.
    @exclusivity(unchecked) public var groupsByEvent = true
    /// The most top-level groups kept on the undo stack (`levelsOfUndo`); 0, the default, is no limit. When
    /// a new group goes over it the oldest is dropped; lowering it drops the oldest at once.
    public var levelsOfUndo = 0 {
        didSet { trimUndoStack() }
    }
    /// The number of open groups (`groupingLevel`): 0 between groups. Ripple closes the event's own group
    /// at the end of the processing that made it, so a `beginUndoGrouping()` under `groupsByEvent` reads
    /// 2 (the event's group and the explicit one) and 0 again after its `endUndoGrouping()`.
    public var groupingLevel: Int { collecting != nil ? 1 : openGroups.count }
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

    /// Names the group being made (`setActionName(_:)`): the outermost open group when one is open,
    /// otherwise the changes of the current event, recorded at the context's next processing.
    public func setActionName(_ name: String) {
        if !openGroups.isEmpty {
            openGroups[0].actionName = name
        } else {
            pendingActionName = name
        }
    }

    /// Forgets every group, open ones included, and re-enables registration (`removeAllActions()`:
    /// "clears the undo and redo stacks and re-enables the receiver").
    public func removeAllActions() {
        undoStack.removeAll()
        redoStack.removeAll()
        openGroups.removeAll()
        pendingActionName = nil
        disabledCount = 0
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

    /// Opens a group (`beginUndoGrouping()`): the contexts using this manager first process their pending
    /// changes (they belong before the group), then every change recorded until the matching
    /// `endUndoGrouping()` is part of it. Groups nest; a nested group is part of the outermost one. Does
    /// nothing while registration is disabled, as in Foundation.
    /// - Throws: the contexts' errors while processing.
    public func beginUndoGrouping() throws {
        guard isUndoRegistrationEnabled else { return }
        if groupsByEvent && openGroups.isEmpty {
            // Foundation opens the event's group first, so an explicit group is nested in it.
            try checkpoint()
            openGroups.append(OpenGroup(actionName: pendingActionName, isEventGroup: true))
            pendingActionName = nil
        } else {
            try checkpoint()
        }
        openGroups.append(OpenGroup())
    }

    /// Closes the innermost open group (`endUndoGrouping()`): the contexts first process their pending
    /// changes (they belong to the group). Closing the outermost group puts it on the undo stack (an
    /// empty explicit group too, as Foundation keeps it) and clears the redo stack when it has changes.
    /// Does nothing while registration is disabled.
    /// - Throws: `.invalidOperation` with Foundation's NSInternalInconsistencyException reason when no
    ///   group is open; the contexts' errors while processing.
    public func endUndoGrouping() throws {
        guard isUndoRegistrationEnabled else { return }
        try checkpoint()
        guard let group = openGroups.popLast() else {
            throw ObjectGraphError(.invalidOperation,
                "endUndoGrouping: NSUndoManager is in invalid state, endUndoGrouping called with no matching begin")
        }
        if openGroups.isEmpty {
            closeTopLevel(group)
        } else {
            let start = openGroups[openGroups.count - 1].segments.count
            openGroups[openGroups.count - 1].segments += group.segments
            openGroups[openGroups.count - 1].nested.append(start..<(start + group.segments.count))
            if openGroups.count == 1 && openGroups[0].isEventGroup {
                // The event's group ends with the processing that needed it (see `groupingLevel`).
                closeTopLevel(openGroups.removeLast())
            }
        }
    }

    /// Undoes the last group (`undo()`): the contexts first process their pending changes (closing the
    /// current event's group), then the group's inverse is applied and processed; that processing is the
    /// redo group.
    /// - Throws: `.invalidOperation` with nothing to undo, or with Foundation's reason when an explicit
    ///   group is still open ("undo was called with too many nested undo groups"); the context's errors.
    public func undo() throws {
        try checkpoint()
        guard openGroups.isEmpty else {
            throw ObjectGraphError(.invalidOperation,
                "undo: NSUndoManager is in invalid state, undo was called with too many nested undo groups")
        }
        guard let group = undoStack.popLast() else {
            throw ObjectGraphError(.invalidOperation, "-[NSUndoManager undo]: there is nothing to undo.")
        }
        isUndoing = true
        defer { isUndoing = false }
        try apply(group)
    }

    /// Undoes the last nested group without closing the open one (`undoNestedGroup()`): inside an open
    /// group, the nested group closed last — when nothing was recorded after it; with no group open, the
    /// last top-level group, as ``undo()``. The inverse goes to the redo stack.
    /// - Throws: `.invalidOperation` with Foundation's reason ("call endUndoGrouping before calling this
    ///   method") when the open group does not end with a closed nested group; with nothing to undo; the
    ///   context's errors.
    public func undoNestedGroup() throws {
        try checkpoint()
        let group: Group
        if let level = openGroups.indices.last {
            guard let last = openGroups[level].nested.last, last.upperBound == openGroups[level].segments.count else {
                throw ObjectGraphError(.invalidOperation,
                    "undoNestedGroup: NSUndoManager is in invalid state, call endUndoGrouping before calling this method")
            }
            group = Group(segments: Array(openGroups[level].segments[last]), actionName: "")
            openGroups[level].segments.removeSubrange(last)
            openGroups[level].nested.removeLast()
        } else {
            guard let top = undoStack.popLast() else {
                throw ObjectGraphError(.invalidOperation, "-[NSUndoManager undoNestedGroup]: there is nothing to undo.")
            }
            group = top
        }
        isUndoing = true
        defer { isUndoing = false }
        try apply(group)
    }

    /// Redoes the last undone group (`redo()`).
    /// - Throws: `.invalidOperation` with nothing to redo or while a group is open; the context's errors.
    public func redo() throws {
        try checkpoint()
        guard openGroups.isEmpty else {
            throw ObjectGraphError(.invalidOperation,
                "redo: NSUndoManager is in invalid state, redo was called with too many nested undo groups")
        }
        guard let group = redoStack.popLast() else {
            throw ObjectGraphError(.invalidOperation, "-[NSUndoManager redo]: there is nothing to redo.")
        }
        isRedoing = true
        defer { isRedoing = false }
        try apply(group)
    }

    /// Lets the contexts using this manager (and those of the recorded groups) process their pending
    /// changes — Foundation's checkpoint, on which Core Data contexts process their changes.
    func checkpoint() throws {
        var seen = Set<ObjectIdentifier>()
        var all = contexts.compactMap(\.context)
        for group in undoStack.reversed() + redoStack.reversed() {
            for segment in group.segments { if let context = segment.context { all.append(context) } }
        }
        for context in all where seen.insert(ObjectIdentifier(context)).inserted {
            // On the context's own queue (a private-queue context's changes are processed inside it).
            if context.undoManager === self && context.hasPendingChanges {
                try context.performAndWait { try context.processPendingChanges() }
            }
        }
    }

    /// Remembers a context that took this manager.
    func attach(_ context: ManagedObjectContext) {
        contexts.removeAll { $0.context == nil }
        if !contexts.contains(where: { $0.context === context }) { contexts.append(WeakContext(context: context)) }
    }

    private func apply(_ group: Group) throws {
        if group.segments.contains(where: { $0.context == nil }) {
            throw ObjectGraphError(.invalidOperation, "-[NSUndoManager undo]: the context of this undo group is gone.")
        }
        collecting = OpenGroup(actionName: group.actionName)
        defer {
            if let inverse = collecting, !inverse.segments.isEmpty {
                let made = Group(segments: inverse.segments, actionName: group.actionName)
                if isUndoing { redoStack.append(made) } else { undoStack.append(made); trimUndoStack() }
            }
            collecting = nil
        }
        for segment in group.segments.reversed() {
            try segment.context!.applyUndo(segment.changes)
        }
    }

    /// Records the changes a context is about to announce.
    /// - Throws: `.invalidOperation` with Foundation's reason when `groupsByEvent` is false and no group
    ///   is open; nothing is recorded then.
    func record(_ changes: [Change], context: ManagedObjectContext) throws {
        guard !changes.isEmpty, isUndoRegistrationEnabled else { return }
        let segment = Segment(context: context, changes: changes)
        if collecting != nil {
            collecting!.segments.append(segment)
            return
        }
        if openGroups.isEmpty {
            guard groupsByEvent else {
                throw ObjectGraphError(.invalidOperation,
                    "_registerUndoObject: NSUndoManager is in invalid state, must begin a group before registering undo")
            }
            closeTopLevel(OpenGroup(segments: [segment], actionName: pendingActionName, isEventGroup: true))
            pendingActionName = nil
            return
        }
        // Foundation clears the redo stack at every registration outside undo and redo.
        redoStack.removeAll()
        openGroups[openGroups.count - 1].segments.append(segment)
    }

    /// Puts a closed outermost group on the undo stack.
    private func closeTopLevel(_ open: OpenGroup) {
        if !open.segments.isEmpty && !isRedoing { redoStack.removeAll() }
        if open.segments.isEmpty && open.isEventGroup { return }
        undoStack.append(Group(segments: open.segments, actionName: open.actionName ?? ""))
        trimUndoStack()
    }

    private func trimUndoStack() {
        if levelsOfUndo > 0 && undoStack.count > levelsOfUndo {
            undoStack.removeFirst(undoStack.count - levelsOfUndo)
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
    func recordUndoGroup() throws {
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
                let old = object.state.pendingOld
                for (k, n) in object.state.pendingSlots.enumerated() {
                    if case .derived = object.entity.slot(number: n) { continue }
                    before.append((object.entity.propertyName(slotNumber: n), old[k]))
                }
            }
            changes.append(.init(object: object, inserted: inserted, deleted: pendingDeleted.contains(object), before: before))
        }
        try undoManager.record(changes, context: self)
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
                object.state.deletionSaved = false
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
