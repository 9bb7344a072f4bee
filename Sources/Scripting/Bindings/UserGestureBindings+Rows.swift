import CollectionViews
import FetchedResults
import LuaBridge
import ViewControllers

/// `ripple.user`'s row and item gestures: what a person does to a table or collection view, going
/// through the delegate and data-source calls UIKit makes for the real gesture, in UIKit's order, each
/// written in the trace (docs/user-actions.md).
///
/// Every gesture first checks that a person could make it: the view is on screen (not hidden; when view
/// controllers show it — hold it in a Lua value, or are its data source or delegate — one of them is visible), no batch update is open on it and it is not
/// asking its data source for content, and the index path names a row it shows. A gesture that fails
/// half-way — a delegate method raises or answers the wrong type — puts back the selection and the rows
/// it changed before the error is raised; what the script's own methods did stays done.
final class UserRowGestures {
    unowned let classes: CollectionViewClasses
    init(classes: CollectionViewClasses) { self.classes = classes }

    var engine: ScriptEngine { classes.engine }
    var state: LuaState { engine.state }

    /// Records the gesture `[user] kind detail`, its index paths kept as values.
    func trace(_ kind: String, _ detail: TraceDetail) { engine.log.record(TraceNote(source: "user", kind: kind, detail)) }
    /// Records `[user] text` of kind `kind` (the text does not start with it).
    func trace(kind: String, text: TraceDetail) { engine.log.record(TraceNote(source: "user", kind: kind, text: text)) }
    /// Records why a gesture did nothing or stopped: `[user] (no swipe: …)`, of kind `note`.
    func explain(_ text: TraceDetail) { trace(kind: "note", text: text) }

    // MARK: Checks

    /// The view controllers whose Lua values hold `view` (`contacts.tableView = tv`), or whose object is
    /// its data source or delegate. Raw reads only.
    func controllers(showing view: CollectionView) -> [ViewController] {
        var found: [ViewController] = []
        for role in [(view.dataSource as? LuaCollectionViewDataSource)?.object, (view.delegate as? LuaCollectionViewDelegate)?.object] {
            guard let role else { continue }
            state.push(role)
            if let vc = state.object(at: -1, as: ViewController.self), !found.contains(where: { $0 === vc }) { found.append(vc) }
            state.pop()
        }
        guard let registry = engine.scriptedControllers else { return found }
        let top = state.top
        defer { state.setTop(top) }
        state.push(registry.instanceTables)
        try? state.forEachPair(inTableAt: -1) { key, value in
            guard let vc = state.object(at: key, as: ViewController.self), state.type(at: value) == .table,
                  !found.contains(where: { $0 === vc }) else { return }
            var holds = false
            try state.forEachPair(inTableAt: value) { _, field in
                if state.object(at: field, as: CollectionView.self) === view { holds = true }
            }
            if holds { found.append(vc) }
        }
        return found
    }

    /// Refuses a gesture a person could not make now (see the type's documentation).
    func checkTouchable(_ view: CollectionView, _ gesture: String) throws {
        let what = view is TableView ? "table view" : "collection view"
        if view.isUpdating {
            throw ScriptingError("ripple.user.\(gesture): \(view.name) is inside a batch update (performBatchUpdates or beginUpdates not ended); a person's touch waits until the batch ends")
        }
        if view.isAskingDataSource {
            throw ScriptingError("ripple.user.\(gesture): \(view.name) is asking its data source for its content; a person's touch cannot happen inside a data source method")
        }
        if view.isHidden {
            throw ScriptingError("ripple.user.\(gesture): the \(what) \(view.name) is not on screen (isHidden is true)")
        }
        let owners = controllers(showing: view)
        if let vc = owners.first, !owners.contains(where: \.isVisible) {
            throw ScriptingError("ripple.user.\(gesture): the \(what) \(view.name) is not on screen: its view controller \(vc.displayName) is not visible (not in a window, covered, or gone)")
        }
    }

    /// The index path at `index`, which must name a row the view shows.
    func checkedIndexPath(_ view: CollectionView, _ index: Int32, _ gesture: String) throws -> IndexPath {
        let indexPath = try engine.checkIndexPath(state, index)
        guard try view.contains(indexPath) else {
            throw ScriptingError("ripple.user.\(gesture): " + (try view.invalidIndexPathMessage(indexPath, "touch the \(view is TableView ? "row" : "item") at")))
        }
        return indexPath
    }

    func delegate(of view: CollectionView) -> LuaCollectionViewDelegate? { view.delegate as? LuaCollectionViewDelegate }

    /// The view's Lua data source as a role (for the editing and moving methods), if it is one.
    func dataSourceRole(of view: CollectionView) -> LuaViewRole? {
        guard let source = view.dataSource as? LuaCollectionViewDataSource else { return nil }
        return LuaViewRole(classes: classes, object: source.object, owner: "the data source")
    }

    /// Runs a gesture; when it throws, the view's selection is put back first.
    func undoingSelection<T>(_ view: CollectionView, _ body: () throws -> T) throws -> T {
        let saved = view.indexPathsForSelectedItems
        do { return try body() } catch {
            view.restoreSelection(saved)
            throw error
        }
    }

    // MARK: tap

    /// `ripple.user.tap(view, indexPath)`.
    func tap(_ state: LuaState) throws -> Int32 {
        let view = try classes.checkView(state, 1)
        try checkTouchable(view, "tap")
        let indexPath = try checkedIndexPath(view, 2, "tap")
        trace("tap", "\(view.name) \(indexPath)")
        try undoingSelection(view) {
            if view is TableView { try tapRow(view, indexPath) } else { try tapItem(view, indexPath) }
        }
        return 0
    }

    private func push(_ indexPath: IndexPath) -> Int32 {
        engine.push(indexPath: indexPath)
        return 1
    }

    private func tapRow(_ view: CollectionView, _ tapped: IndexPath) throws {
        let delegate = delegate(of: view)
        if view.isEditing {
            explain("(nothing selected: \(view.name) is editing, and a table view does not select while editing by default)")
            return
        }
        if let delegate, !(try delegate.askBoolean("shouldHighlightRowAtIndexPath", view, tapped, fallback: true)) { return }
        try highlight(view, tapped, word: "Row")
        if view.allowsMultipleSelection && view.indexPathsForSelectedItems.contains(tapped) {
            try deselectRow(view, tapped)
            return
        }
        var target: IndexPath? = tapped
        if let delegate {
            target = try delegate.askIndexPath("willSelectRowAtIndexPath", view, "\(tapped)", fallback: tapped,
                                               nilAllowed: true) { push(tapped) }
        }
        guard let target else { return }
        guard try view.contains(target) else {
            throw ScriptingError("willSelectRowAtIndexPath(\(tapped)) returned " + (try view.invalidIndexPathMessage(target, "select")))
        }
        if !view.allowsMultipleSelection {
            for old in view.indexPathsForSelectedItems where old != target { try deselectRow(view, old) }
        }
        try view.selectItem(at: target)
        try delegate?.notify("didSelectRowAtIndexPath", view, "\(target)") { push(target) }
    }

    /// The touch: the row is highlighted while the finger is down and unhighlighted when it lifts, before
    /// any selection (`didHighlight…`, `didUnhighlight…`).
    private func highlight(_ view: CollectionView, _ indexPath: IndexPath, word: String) throws {
        guard let delegate = delegate(of: view) else { return }
        try delegate.notify("didHighlight\(word)AtIndexPath", view, "\(indexPath)") { push(indexPath) }
        try delegate.notify("didUnhighlight\(word)AtIndexPath", view, "\(indexPath)") { push(indexPath) }
    }

    /// Deselects a row the way a tap does: `willDeselectRowAtIndexPath` (may redirect or keep it), then
    /// `didDeselectRowAtIndexPath`.
    private func deselectRow(_ view: CollectionView, _ row: IndexPath) throws {
        var target: IndexPath? = row
        if let delegate = delegate(of: view) {
            target = try delegate.askIndexPath("willDeselectRowAtIndexPath", view, "\(row)", fallback: row,
                                               nilAllowed: true) { push(row) }
        }
        guard let target else { return }
        try view.deselectItem(at: target)
        try delegate(of: view)?.notify("didDeselectRowAtIndexPath", view, "\(target)") { push(target) }
    }

    private func tapItem(_ view: CollectionView, _ tapped: IndexPath) throws {
        let delegate = delegate(of: view)
        if let delegate, !(try delegate.askBoolean("shouldHighlightItemAtIndexPath", view, tapped, fallback: true)) { return }
        try highlight(view, tapped, word: "Item")
        if view.indexPathsForSelectedItems.contains(tapped) && view.allowsMultipleSelection {
            if let delegate, !(try delegate.askBoolean("shouldDeselectItemAtIndexPath", view, tapped, fallback: true)) { return }
            try view.deselectItem(at: tapped)
            try delegate?.notify("didDeselectItemAtIndexPath", view, "\(tapped)") { push(tapped) }
            return
        }
        if let delegate, !(try delegate.askBoolean("shouldSelectItemAtIndexPath", view, tapped, fallback: true)) { return }
        if !view.allowsMultipleSelection {
            for old in view.indexPathsForSelectedItems where old != tapped {
                try view.deselectItem(at: old)
                try delegate?.notify("didDeselectItemAtIndexPath", view, "\(old)") { push(old) }
            }
        }
        try view.selectItem(at: tapped)
        try delegate?.notify("didSelectItemAtIndexPath", view, "\(tapped)") { push(tapped) }
    }
}
