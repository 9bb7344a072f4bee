import CollectionViews
import FetchedResults
import LuaBridge

/// `ripple.user.swipeToDelete`, `moveRow` (`moveItem`), `scroll` and `tapSectionIndex`.
extension UserRowGestures {
    // MARK: swipeToDelete

    /// `ripple.user.swipeToDelete(tableView, indexPath)`: a full swipe to the left on a row. UIKit asks
    /// `canEditRowAtIndexPath` (data source, default true) and `editingStyleForRowAtIndexPath` (delegate,
    /// default "delete") and `trailingSwipeActionsConfigurationForRowAtIndexPath`, tells
    /// `willBeginEditingRowAtIndexPath`, then performs the configuration's first action when the delegate
    /// gave one, else calls the data source's `commitEditingStyle(view, "delete", indexPath)`, and tells
    /// `didEndEditingRowAtIndexPath`.
    /// A row that offers no swipe makes nothing happen, written in the trace.
    func swipeToDelete(_ state: LuaState) throws -> Int32 {
        let view = try classes.checkView(state, 1)
        guard view is TableView else {
            throw ScriptingError("ripple.user.swipeToDelete: swipe-to-delete is a table view gesture (\(view.name) is a collection view)")
        }
        try checkTouchable(view, "swipeToDelete")
        let row = try checkedIndexPath(view, 2, "swipeToDelete")
        trace("swipeToDelete", "\(view.name) \(row)")
        let dataSource = dataSourceRole(of: view), delegate = delegate(of: view)
        if let dataSource, !(try dataSource.askBoolean("canEditRowAtIndexPath", view, row, fallback: true)) {
            explain("(no swipe: canEditRowAtIndexPath is false)")
            return 0
        }
        var style = "delete"
        if let delegate, try delegate.call("editingStyleForRowAtIndexPath", view, describing: "\(row)", { push(row) }) {
            defer { state.pop() }
            guard state.type(at: -1) == .string, let answer = state.toString(at: -1), ["delete", "insert", "none"].contains(answer) else {
                throw ScriptingError("editingStyleForRowAtIndexPath(\(row)) must return \"delete\", \"insert\" or \"none\", got \(state.type(at: -1) == .string ? "\"\(state.toString(at: -1) ?? "")\"" : state.typeName(at: -1))")
            }
            style = answer
            delegate.trace(view, "editingStyleForRowAtIndexPath", "\(row) -> \(answer)")
        }
        let actions = try swipeActions(view, delegate, row)
        let commits = try dataSource?.implements("commitEditingStyle") ?? false
        guard actions != nil || (style == "delete" && commits) else {
            explain("(no swipe: \(style != "delete" ? "the editing style is \(style)" : "the data source has no commitEditingStyle and the delegate no trailing swipe actions"))")
            return 0
        }
        try delegate?.notify("willBeginEditingRowAtIndexPath", view, "\(row)") { push(row) }
        if let actions {
            try perform(actions, view, row)
        } else if let dataSource {
            try dataSource.notify("commitEditingStyle", view, "delete \(row)") {
                state.push("delete")
                engine.push(indexPath: row)
                return 2
            }
        }
        try delegate?.notify("didEndEditingRowAtIndexPath", view, "\(row)") { push(row) }
        return 0
    }

    private func push(_ indexPath: IndexPath) -> Int32 {
        engine.push(indexPath: indexPath)
        return 1
    }

    /// The delegate's trailing swipe actions configuration (a reference to the table), or nil.
    private func swipeActions(_ view: CollectionView, _ delegate: LuaCollectionViewDelegate?, _ row: IndexPath) throws -> LuaRef? {
        let name = "trailingSwipeActionsConfigurationForRowAtIndexPath"
        guard let delegate, try delegate.call(name, view, describing: "\(row)", { push(row) }) else { return nil }
        switch state.type(at: -1) {
        case .nil:
            state.pop()
            delegate.trace(view, name, "\(row) -> nil")
            return nil
        case .table:
            let table = state.absoluteIndex(-1)
            try state.forEachPair(inTableAt: table) { key, _ in
                guard state.type(at: key) == .string, let k = state.toString(at: key),
                      ["actions", "performsFirstActionWithFullSwipe"].contains(k) else {
                    throw ScriptingError("\(name)(\(row)): unknown configuration key \(state.type(at: key) == .string ? "'\(state.toString(at: key) ?? "")'" : state.typeName(at: key)) (known keys: actions, performsFirstActionWithFullSwipe)")
                }
            }
            delegate.trace(view, name, "\(row) -> configuration")
            return state.ref()
        default:
            let type = state.typeName(at: -1)
            state.pop()
            throw ScriptingError("\(name)(\(row)) must return a table { actions = { … } } or nil, got \(type)")
        }
    }

    /// A full swipe: the first action's handler, `handler(action, view, completion)`, when
    /// `performsFirstActionWithFullSwipe` (default true).
    private func perform(_ configuration: LuaRef, _ view: CollectionView, _ row: IndexPath) throws {
        let name = "trailingSwipeActionsConfigurationForRowAtIndexPath(\(row))"
        state.push(configuration)
        defer { state.pop() }
        let table = state.absoluteIndex(-1)
        if state.rawGet(tableAt: table, key: "performsFirstActionWithFullSwipe") != .nil {
            guard state.type(at: -1) == .boolean else {
                let type = state.typeName(at: -1)
                state.pop()
                throw ScriptingError("\(name): performsFirstActionWithFullSwipe must be a boolean, got \(type)")
            }
            let performs = state.toBoolean(at: -1)
            state.pop()
            if !performs {
                explain("(the swipe shows the actions; performsFirstActionWithFullSwipe is false, so no action runs)")
                return
            }
        } else {
            state.pop()
        }
        guard state.rawGet(tableAt: table, key: "actions") == .table, state.rawLength(at: -1) > 0 else {
            state.pop()
            throw ScriptingError("\(name): actions must be a non-empty sequence of { title, style, handler }")
        }
        state.rawGet(tableAt: state.absoluteIndex(-1), index: 1)
        state.remove(at: -2)
        defer { state.pop() }
        let action = state.absoluteIndex(-1)
        guard state.type(at: action) == .table else {
            throw ScriptingError("\(name): action 1 must be a table { title, style, handler }, got \(state.typeName(at: action))")
        }
        try state.forEachPair(inTableAt: action) { key, _ in
            guard state.type(at: key) == .string, let k = state.toString(at: key), ["title", "style", "handler"].contains(k) else {
                throw ScriptingError("\(name): unknown action key \(state.type(at: key) == .string ? "'\(state.toString(at: key) ?? "")'" : state.typeName(at: key)) (known keys: title, style, handler)")
            }
        }
        let title = state.rawGet(tableAt: action, key: "title") == .string ? state.toString(at: -1) ?? "" : ""
        state.pop()
        guard state.rawGet(tableAt: action, key: "handler") == .function else {
            state.pop()
            throw ScriptingError("\(name): action 1 (\(title)) has no handler function")
        }
        trace(kind: "fullSwipe", text: "full swipe performs \"\(title)\"")
        state.pushValue(at: action)
        classes.push(view: view)
        state.pushFunction { _ in 0 }   // completion(actionPerformed)
        do { try state.pcall(arguments: 3, results: 0) } catch {
            throw ScriptingError("the handler of swipe action \"\(title)\" failed: \(error.message)")
        }
    }

    // MARK: moveRow

    /// `ripple.user.moveRow(view, from, to)` (also `moveItem`): a person drags a row by its reorder
    /// control (a table view shows one only while editing, and only when the data source implements
    /// `moveRowAtIndexPath`). UIKit asks `canMoveRowAtIndexPath` (default true) and
    /// `targetIndexPathForMoveFromRowAtIndexPath` (default: where it was dropped), shows the move, then
    /// tells the data source `moveRowAtIndexPath(view, from, to)` — which must update the model to match
    /// what the view already shows. A drop where the row started calls nothing. When that method raises,
    /// the view reloads from its data source before the error is raised.
    func moveRow(_ state: LuaState) throws -> Int32 {
        let view = try classes.checkView(state, 1)
        let isTable = view is TableView
        let gesture = isTable ? "moveRow" : "moveItem"
        let word = isTable ? "Row" : "Item"
        try checkTouchable(view, gesture)
        let from = try checkedIndexPath(view, 2, gesture)
        let proposed = try engine.checkIndexPath(state, 3)
        trace(gesture, "\(view.name) \(from) -> \(proposed)")
        guard let dataSource = dataSourceRole(of: view), try dataSource.implements("move\(word)AtIndexPath") else {
            explain("(no move: the data source has no move\(word)AtIndexPath, so \(view.name) shows no reorder control)")
            return 0
        }
        if isTable && !view.isEditing {
            explain("(no move: \(view.name) is not editing, so it shows no reorder control; call setEditing(true) first)")
            return 0
        }
        if !(try dataSource.askBoolean("canMove\(word)AtIndexPath", view, from, fallback: true)) {
            explain("(no move: canMove\(word)AtIndexPath is false)")
            return 0
        }
        var to = proposed
        if let delegate = delegate(of: view) {
            to = try delegate.askIndexPath("targetIndexPathForMoveFrom\(word)AtIndexPath", view, "\(from) \(proposed)",
                                           fallback: proposed, nilAllowed: false) {
                engine.push(indexPath: from)
                engine.push(indexPath: proposed)
                return 2
            } ?? proposed
        }
        guard to != from else {
            explain("(dropped where it started: nothing moves)")
            return 0
        }
        let selection = view.indexPathsForSelectedItems
        try view.showUserMove(from: from, to: to)
        do {
            try dataSource.notify("move\(word)AtIndexPath", view, "\(from) -> \(to)") {
                engine.push(indexPath: from)
                engine.push(indexPath: to)
                return 2
            }
        } catch {
            // The view shows what its data source says now (the move undone when the data source changed
            // nothing; what it did change when it failed half-way, as the next reload on a device would).
            try? view.reloadData()
            view.restoreSelection(selection.filter { (try? view.contains($0)) == true })
            throw error
        }
        try view.refreshAfterUserMove()
        return 0
    }

    // MARK: scroll

    /// `ripple.user.scroll(view, indexPath)`: a person scrolls until the row is the first visible one;
    /// cells leave and enter the window (`didEndDisplayingCell` / `willDisplayCell`) and the prefetching
    /// data source hears of the rows ahead.
    func scroll(_ state: LuaState) throws -> Int32 {
        let view = try classes.checkView(state, 1)
        try checkTouchable(view, "scroll")
        let target = try checkedIndexPath(view, 2, "scroll")
        trace("scroll", "\(view.name) \(target)")
        try view.scrollToItem(at: target)
        return 0
    }

    // MARK: tapSectionIndex

    /// `ripple.user.tapSectionIndex(tableView, title)`: a tap on a title of the section index. The data
    /// source's `sectionIndexTitles` gives the titles; `sectionForSectionIndexTitle(view, title, index)`
    /// the section (without it, the title's index); the table scrolls to the section's first row.
    func tapSectionIndex(_ state: LuaState) throws -> Int32 {
        let view = try classes.checkView(state, 1)
        guard view is TableView else {
            throw ScriptingError("ripple.user.tapSectionIndex: the section index is a table view's (\(view.name) is a collection view)")
        }
        try checkTouchable(view, "tapSectionIndex")
        let title = try state.string(2)
        guard let source = view.dataSource as? LuaCollectionViewDataSource, let titles = try source.sectionIndexTitles(view) else {
            throw ScriptingError("ripple.user.tapSectionIndex: \(view.name) shows no section index (its data source has no sectionIndexTitles)")
        }
        guard let index = titles.firstIndex(of: title) else {
            throw ScriptingError("ripple.user.tapSectionIndex: \(view.name)'s section index has no title '\(title)' (titles: \(titles.joined(separator: ", ")))")
        }
        trace("tapSectionIndex", "\(view.name) '\(title)'")
        var section = index
        let role = LuaViewRole(classes: classes, object: source.object, owner: "the data source")
        if try role.call("sectionForSectionIndexTitle", view, describing: "'\(title)', \(index)", {
            state.push(title)
            state.push(index)
            return 2
        }) {
            defer { state.pop() }
            guard state.isInteger(at: -1), let n = state.toInteger(at: -1) else {
                throw ScriptingError("sectionForSectionIndexTitle('\(title)', \(index)) must return an integer, got \(state.typeName(at: -1))")
            }
            section = Int(n)
            role.trace(view, "sectionForSectionIndexTitle", "'\(title)' \(index) -> \(section)")
        }
        let sections = try view.numberOfSections()
        guard section >= 0 && section < sections else {
            throw ScriptingError("sectionForSectionIndexTitle('\(title)', \(index)) returned section \(section), but there \(sections == 1 ? "is 1 section" : "are \(sections) sections")")
        }
        guard try view.numberOfItems(inSection: section) > 0 else {
            explain("(section \(section) has no rows: nothing to scroll to)")
            return 0
        }
        try view.scrollToItem(at: IndexPath(section: section, item: 0))
        return 0
    }
}

extension ScriptEngine {
    /// Adds the row and item gestures to `ripple.user` (made here if no other gesture file made it yet).
    func installUserRowGestures(into module: Int32) {
        guard let classes = collectionViewClasses else { return }
        let state = self.state
        if state.rawGet(tableAt: module, key: "user") != .table {
            state.pop()
            state.newTable()
            state.pushValue(at: -1)
            state.rawSet(tableAt: module, key: "user")
        }
        let user = state.absoluteIndex(-1)
        let gestures = UserRowGestures(classes: classes)
        state.register(in: user, name: "tap") { state in try gestures.tap(state) }
        state.register(in: user, name: "swipeToDelete") { state in try gestures.swipeToDelete(state) }
        state.register(in: user, name: "moveRow") { state in try gestures.moveRow(state) }
        state.register(in: user, name: "moveItem") { state in try gestures.moveRow(state) }
        state.register(in: user, name: "scroll") { state in try gestures.scroll(state) }
        state.register(in: user, name: "tapSectionIndex") { state in try gestures.tapSectionIndex(state) }
        state.pop()
    }
}
