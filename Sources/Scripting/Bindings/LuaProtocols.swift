import LuaBridge
import ViewControllers

/// The protocols Lua objects play in Ripple, declared once (see ``LuaProtocolDeclaration``): what the
/// bindings call on a fetched-results controller's delegate, a table or collection view's data source and
/// a view controller. Checked when an object is given its role (`frc.delegate = t`, `view.dataSource = t`,
/// `function vc:viewDidAppear() … end`); docs/lua-api.md, "Protocols", lists them.
enum LuaProtocols {
    /// `frc.delegate`: the callbacks of a change batch (``LuaFetchedResultsDelegate`` calls them).
    static let fetchedResultsControllerDelegate = LuaProtocolDeclaration("NSFetchedResultsControllerDelegate", [
        .init("controllerWillChangeContent", .optional, "(controller) before the first change of a batch."),
        .init("didChangeSection", .optional, "(controller, sectionInfo, sectionIndex, type) a section inserted or deleted."),
        .init("didChangeObject", .optional, "(controller, object, indexPath, type, newIndexPath) an object inserted, deleted, moved or updated."),
        .init("controllerDidChangeContent", .optional, "(controller) after the last change of a batch."),
        .init("didChangeContentWithSnapshot", .optional, "(controller, snapshot) the new content as a diffable snapshot (replaces the per-change callbacks)."),
        .init("didChangeContentWithDifference", .optional, "(controller, difference) the change as a collection difference (replaces the per-change callbacks)."),
        .init("sectionIndexTitleForSectionName", .optional, "(controller, sectionName) the index title of a section (default: its name's first letter, upper-cased)."),
    ])

    /// `tableView.dataSource` (``LuaCollectionViewDataSource`` calls it).
    static let tableViewDataSource = LuaProtocolDeclaration("UITableViewDataSource", [
        .init("numberOfSections", .optional, "(view) the number of sections (default 1)."),
        .init("numberOfRowsInSection", .required, "(view, section) the number of rows of a section."),
        .init("cellForRowAtIndexPath", .required, "(view, indexPath) the cell of a row (dequeued, or a table)."),
        .init("titleForHeaderInSection", .optional, "(view, section) a section's header title, or nil."),
        .init("titleForFooterInSection", .optional, "(view, section) a section's footer title, or nil."),
        .init("sectionIndexTitles", .optional, "(view) the titles of the section index, or nil."),
        .init("sectionForSectionIndexTitle", .optional, "(view, title, index) the section a tap on an index title scrolls to (default: index)."),
        .init("canEditRowAtIndexPath", .optional, "(view, indexPath) whether a row can be swiped or edited (default true)."),
        .init("commitEditingStyle", .optional, "(view, style, indexPath) a person deleted (\"delete\") or inserted a row."),
        .init("canMoveRowAtIndexPath", .optional, "(view, indexPath) whether a row shows a reorder control (default true)."),
        .init("moveRowAtIndexPath", .optional, "(view, from, to) a person moved a row; the view already shows it."),
    ])

    /// `collectionView.dataSource` (``LuaCollectionViewDataSource`` calls it).
    static let collectionViewDataSource = LuaProtocolDeclaration("UICollectionViewDataSource", [
        .init("numberOfSections", .optional, "(view) the number of sections (default 1)."),
        .init("numberOfItemsInSection", .required, "(view, section) the number of items of a section."),
        .init("cellForItemAtIndexPath", .required, "(view, indexPath) the cell of an item."),
        .init("viewForSupplementaryElementOfKind", .optional, "(view, kind, indexPath) a header, footer or other supplementary view."),
        .init("supplementaryElementKinds", .optional, "the kinds of supplementary views asked for (a sequence of strings).", kind: .value),
        .init("canMoveItemAtIndexPath", .optional, "(view, indexPath) whether an item can be dragged (default true)."),
        .init("moveItemAtIndexPath", .optional, "(view, from, to) a person moved an item; the view already shows it."),
    ])

    /// `tableView.delegate` (``LuaCollectionViewDelegate`` and `ripple.user` call it).
    static let tableViewDelegate = LuaProtocolDeclaration("UITableViewDelegate", [
        .init("shouldHighlightRowAtIndexPath", .optional, "(view, indexPath) whether a touch highlights the row (default true; false: the tap does nothing)."),
        .init("didHighlightRowAtIndexPath", .optional, "(view, indexPath) a finger went down on the row."),
        .init("didUnhighlightRowAtIndexPath", .optional, "(view, indexPath) the finger lifted, before the selection."),
        .init("willSelectRowAtIndexPath", .optional, "(view, indexPath) the row to select instead, or nil to select none (default: the row)."),
        .init("didSelectRowAtIndexPath", .optional, "(view, indexPath) a person selected a row."),
        .init("willDeselectRowAtIndexPath", .optional, "(view, indexPath) the row to deselect instead, or nil to keep it selected."),
        .init("didDeselectRowAtIndexPath", .optional, "(view, indexPath) a person's tap deselected a row."),
        .init("willDisplayCell", .optional, "(view, cell, indexPath) a cell is about to be displayed."),
        .init("didEndDisplayingCell", .optional, "(view, cell, indexPath) a cell stopped being displayed (its old index path)."),
        .init("editingStyleForRowAtIndexPath", .optional, "(view, indexPath) \"delete\", \"insert\" or \"none\" (default \"delete\")."),
        .init("willBeginEditingRowAtIndexPath", .optional, "(view, indexPath) a swipe began on a row."),
        .init("didEndEditingRowAtIndexPath", .optional, "(view, indexPath) the swipe on a row ended."),
        .init("trailingSwipeActionsConfigurationForRowAtIndexPath", .optional, "(view, indexPath) { actions = { { title, style, handler } }, performsFirstActionWithFullSwipe } or nil."),
        .init("targetIndexPathForMoveFromRowAtIndexPath", .optional, "(view, from, proposed) where a dragged row goes (default: proposed)."),
    ])

    /// `collectionView.delegate`.
    static let collectionViewDelegate = LuaProtocolDeclaration("UICollectionViewDelegate", [
        .init("shouldHighlightItemAtIndexPath", .optional, "(view, indexPath) whether a touch highlights the item (default true)."),
        .init("didHighlightItemAtIndexPath", .optional, "(view, indexPath) a finger went down on the item."),
        .init("didUnhighlightItemAtIndexPath", .optional, "(view, indexPath) the finger lifted, before the selection."),
        .init("shouldSelectItemAtIndexPath", .optional, "(view, indexPath) whether a tap selects the item (default true)."),
        .init("didSelectItemAtIndexPath", .optional, "(view, indexPath) a person selected an item."),
        .init("shouldDeselectItemAtIndexPath", .optional, "(view, indexPath) whether a tap deselects a selected item (default true)."),
        .init("didDeselectItemAtIndexPath", .optional, "(view, indexPath) a person's tap deselected an item."),
        .init("willDisplayCell", .optional, "(view, cell, indexPath) a cell is about to be displayed."),
        .init("didEndDisplayingCell", .optional, "(view, cell, indexPath) a cell stopped being displayed (its old index path)."),
        .init("targetIndexPathForMoveFromItemAtIndexPath", .optional, "(view, from, proposed) where a dragged item goes (default: proposed)."),
    ])

    /// `tableView.prefetchDataSource` (``LuaPrefetchDataSource`` calls it).
    static let tableViewPrefetching = LuaProtocolDeclaration("UITableViewDataSourcePrefetching", [
        .init("prefetchRowsAtIndexPaths", .required, "(view, indexPaths) rows that will soon be visible."),
        .init("cancelPrefetchingForRowsAtIndexPaths", .optional, "(view, indexPaths) prefetched rows no longer about to be visible."),
    ])

    /// `collectionView.prefetchDataSource`.
    static let collectionViewPrefetching = LuaProtocolDeclaration("UICollectionViewDataSourcePrefetching", [
        .init("prefetchItemsAtIndexPaths", .required, "(view, indexPaths) items that will soon be visible."),
        .init("cancelPrefetchingForItemsAtIndexPaths", .optional, "(view, indexPaths) prefetched items no longer about to be visible."),
    ])

    /// The methods a script defines on a view controller (``ScriptedControllers`` calls them).
    static let viewController = LuaProtocolDeclaration("UIViewController", [
        .init("viewDidLoad", .optional, "() once, before the controller first appears."),
        .init("viewWillAppear", .optional, "(animated) the view is about to become visible."),
        .init("viewDidAppear", .optional, "(animated) the view became visible."),
        .init("viewWillDisappear", .optional, "(animated) the view is about to leave the window."),
        .init("viewDidDisappear", .optional, "(animated) the view left the window."),
        .init("dvc_updated", .optional, "(object, changedKeys) a dependency of the controller changed."),
        .init("dvc_deleted", .optional, "(object) a dependency of the controller was deleted."),
    ])

    /// `nav.delegate` (``LuaControllerDelegates`` calls it).
    static let navigationControllerDelegate = LuaProtocolDeclaration("UINavigationControllerDelegate", [
        .init("willShowViewController", .optional, "(navigationController, viewController, animated) a new top controller is about to be shown."),
        .init("didShowViewController", .optional, "(navigationController, viewController, animated) a new top controller was shown."),
    ])

    /// `tabs.delegate` (``LuaControllerDelegates`` calls it; only for the user's taps).
    static let tabBarControllerDelegate = LuaProtocolDeclaration("UITabBarControllerDelegate", [
        .init("shouldSelectViewController", .optional, "(tabBarController, viewController) whether the tapped tab may be selected (a boolean)."),
        .init("didSelectViewController", .optional, "(tabBarController, viewController) the user selected a tab."),
    ])

    /// `vc.presentationController.delegate` (``LuaControllerDelegates`` calls it when the user swipes a sheet down).
    static let adaptivePresentationControllerDelegate = LuaProtocolDeclaration("UIAdaptivePresentationControllerDelegate", [
        .init("presentationControllerShouldDismiss", .optional, "(presentationController) whether the sheet may be swiped away (a boolean)."),
        .init("presentationControllerWillDismiss", .optional, "(presentationController) the swipe is dismissing the sheet."),
        .init("presentationControllerDidDismiss", .optional, "(presentationController) the swipe dismissed the sheet."),
        .init("presentationControllerDidAttemptToDismiss", .optional, "(presentationController) a swipe was refused."),
    ])

    /// `split.delegate` (``LuaControllerDelegates`` calls it when the split collapses or expands).
    static let splitViewControllerDelegate = LuaProtocolDeclaration("UISplitViewControllerDelegate", [
        .init("topColumnForCollapsingToProposedTopColumn", .optional, "(splitViewController, proposedTopColumn) the column to show when collapsing: \"primary\", \"supplementary\" or \"secondary\"."),
        .init("splitViewControllerDidCollapse", .optional, "(splitViewController) the split collapsed to one stack."),
        .init("splitViewControllerDidExpand", .optional, "(splitViewController) the split expanded to its columns."),
    ])

    /// `searchController.searchResultsUpdater` (``ScriptedSearchController`` calls it).
    static let searchResultsUpdating = LuaProtocolDeclaration("UISearchResultsUpdating", [
        .init("updateSearchResultsForSearchController", .required, "(searchController) the search changed: filter by `searchController.searchBar.text`."),
    ])

    /// Every protocol, in the order of the docs.
    static let all = [fetchedResultsControllerDelegate, tableViewDataSource, collectionViewDataSource, viewController,
                      tableViewDelegate, collectionViewDelegate, tableViewPrefetching, collectionViewPrefetching,
                      navigationControllerDelegate, tabBarControllerDelegate, adaptivePresentationControllerDelegate,
                      splitViewControllerDelegate, searchResultsUpdating]

    /// What a view controller's methods are checked against: its own, then the roles the documented
    /// pattern gives it (its table's data source, its controller's delegate).
    static let viewControllerRoles = [viewController, tableViewDataSource, collectionViewDataSource, fetchedResultsControllerDelegate,
                                      tableViewDelegate, collectionViewDelegate, tableViewPrefetching, collectionViewPrefetching,
                                      navigationControllerDelegate, tabBarControllerDelegate, adaptivePresentationControllerDelegate,
                                      splitViewControllerDelegate, searchResultsUpdating]
}

extension ScriptEngine {
    /// Checks the members of the Lua object at `index` — a table (with what it inherits through
    /// `__index` tables) or a view controller (its Lua methods) — against `role` and, for names `role`
    /// does not declare, the other protocols of ``LuaProtocols/all``; other objects are not checked.
    /// - Throws: ``ScriptingError`` with the first problem: a misspelled method (with the name meant) or
    ///   a declared method holding a non-function.
    func checkMembers(ofObjectAt index: Int32, playing role: LuaProtocolDeclaration) throws {
        let state = self.state
        let index = state.absoluteIndex(index)
        var protocols = [role] + LuaProtocols.all.filter { $0.name != role.name }
        let members: [(name: String, type: LuaType)]
        switch state.type(at: index) {
        case .table:
            members = try state.memberTypes(ofTableAt: index)
        case .userdata where state.object(at: index, as: ViewController.self) != nil:
            guard let registry = scriptedControllers else { return }
            try registry.pushInstanceTable(ofUserdataAt: index)
            defer { state.pop() }
            guard state.type(at: -1) == .table else { return }
            members = try state.memberTypes(ofTableAt: -1)
            protocols = [role] + LuaProtocols.viewControllerRoles.filter { $0.name != role.name }
        default:
            return
        }
        if let problem = LuaProtocolDeclaration.problem(members: members, playing: protocols) {
            throw ScriptingError(problem)
        }
    }
}
