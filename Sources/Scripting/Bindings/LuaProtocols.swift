import LuaBridge
import ViewControllers

/// The protocols Lua objects play in Ripple, declared once (see ``LuaProtocolDeclaration``): what the
/// bindings call on a fetched-results controller's delegate, a table or collection view's data source and
/// a view controller. Checked when an object is given its role (`frc.delegate = t`, `view.dataSource = t`,
/// `function vc:viewDidAppear() … end`); docs/lua-api.md, "Protocols", lists them.
enum LuaProtocols {
    typealias P = LuaParameterDeclaration
    static let controller = P("controller", "FetchedResultsController")
    static let view = P("view", "CollectionView")
    static let indexPath = P("indexPath", "IndexPath")
    static let section = P("section", "integer")
    static let cell = P("cell", "CollectionReusableView")
    static let indexPaths = P("indexPaths", "IndexPath[]")
    static let moveFrom = [view, P("from", "IndexPath"), P("to", "IndexPath")]
    static let proposed = [view, P("from", "IndexPath"), P("proposed", "IndexPath")]
    static let column = "\"primary\"|\"supplementary\"|\"secondary\""

    /// `frc.delegate`: the callbacks of a change batch (``LuaFetchedResultsDelegate`` calls them).
    static let fetchedResultsControllerDelegate = LuaProtocolDeclaration(
        "NSFetchedResultsControllerDelegate", "The callbacks of `frc.delegate` (a table or a view controller); each is optional.", [
        .optional("controllerWillChangeContent", "Before the first change of a batch.", [controller]),
        .optional("didChangeSection", "A section inserted or deleted.",
                  [controller, P("sectionInfo", "FetchedResultsSectionInfo"), P("sectionIndex", "integer"), P("type", "\"insert\"|\"delete\"")]),
        .optional("didChangeObject", "An object inserted, deleted, moved or updated.",
                  [controller, P("object", "ManagedObject"), P("indexPath", "IndexPath?"),
                   P("type", "\"insert\"|\"delete\"|\"move\"|\"update\""), P("newIndexPath", "IndexPath?")]),
        .optional("controllerDidChangeContent", "After the last change of a batch.", [controller]),
        .optional("didChangeContentWithSnapshot",
                  "The new content as a diffable snapshot (replaces the per-change callbacks); `dataSource:apply(snapshot)` shows it.",
                  [controller, P("snapshot", "Snapshot")]),
        .optional("didChangeContentWithDifference", "The change as a collection difference (replaces the per-change callbacks).",
                  [controller, P("difference", "{ removals: { offset: integer, objectID: ManagedObjectID, associatedWith?: integer }[], insertions: { offset: integer, objectID: ManagedObjectID, associatedWith?: integer }[] }")]),
        .optional("sectionIndexTitleForSectionName",
                  "The index title of a section (default: its name's first letter, upper-cased); used by `frc.sectionIndexTitles`.",
                  [controller, P("sectionName", "string")], returns: "string?"),
    ])

    /// `tableView.dataSource` (``LuaCollectionViewDataSource`` calls it).
    static let tableViewDataSource = LuaProtocolDeclaration(
        "UITableViewDataSource", "A table view's data source written by the script (`tv.dataSource = { … }`): each function gets the view first.", [
        .optional("numberOfSections", "The number of sections (default 1).", [view], returns: "integer"),
        .required("numberOfRowsInSection", "The number of rows of a section.", [view, section], returns: "integer"),
        .required("cellForRowAtIndexPath", "The cell of a row (dequeued, or a table).", [view, indexPath], returns: "CollectionReusableView|table"),
        .optional("titleForHeaderInSection", "A section's header title, or nil.", [view, section], returns: "string?"),
        .optional("titleForFooterInSection", "A section's footer title, or nil.", [view, section], returns: "string?"),
        .optional("sectionIndexTitles", "The titles of the section index (`view:sectionIndexTitles()`), or nil.", [view], returns: "string[]?"),
        .optional("sectionForSectionIndexTitle", "The section a tap on an index title scrolls to (default: index).",
                  [view, P("title", "string"), P("index", "integer")], returns: "integer"),
        .optional("canEditRowAtIndexPath", "Whether a row can be swiped or edited (default true).", [view, indexPath], returns: "boolean"),
        .optional("commitEditingStyle", "A person deleted (\"delete\") or inserted a row.",
                  [view, P("style", "\"delete\"|\"insert\""), indexPath]),
        .optional("canMoveRowAtIndexPath", "Whether a row shows a reorder control (default true).", [view, indexPath], returns: "boolean"),
        .optional("moveRowAtIndexPath", "A person moved a row; the view already shows it.", moveFrom),
    ])

    /// `collectionView.dataSource` (``LuaCollectionViewDataSource`` calls it).
    static let collectionViewDataSource = LuaProtocolDeclaration(
        "UICollectionViewDataSource", "A collection view's data source written by the script: each function gets the view first.", [
        .optional("numberOfSections", "The number of sections (default 1).", [view], returns: "integer"),
        .required("numberOfItemsInSection", "The number of items of a section.", [view, section], returns: "integer"),
        .required("cellForItemAtIndexPath", "The cell of an item.", [view, indexPath], returns: "CollectionReusableView|table"),
        .optional("viewForSupplementaryElementOfKind", "A header, footer or other supplementary view.",
                  [view, P("kind", "string"), indexPath], returns: "CollectionReusableView?"),
        .value("supplementaryElementKinds", type: "string[]", "The kinds of supplementary views asked for in each section."),
        .optional("canMoveItemAtIndexPath", "Whether an item can be dragged (default true).", [view, indexPath], returns: "boolean"),
        .optional("moveItemAtIndexPath", "A person moved an item; the view already shows it.", moveFrom),
    ])

    /// `tableView.delegate` (``LuaCollectionViewDelegate`` and `ripple.user` call it).
    static let tableViewDelegate = LuaProtocolDeclaration(
        "UITableViewDelegate", "A table view's delegate written by the script (`tv.delegate = { … }`; docs/user-actions.md).", [
        .optional("shouldHighlightRowAtIndexPath", "Whether a touch highlights the row (default true; false: the tap does nothing).",
                  [view, indexPath], returns: "boolean"),
        .optional("didHighlightRowAtIndexPath", "A finger went down on the row.", [view, indexPath]),
        .optional("didUnhighlightRowAtIndexPath", "The finger lifted, before the selection.", [view, indexPath]),
        .optional("willSelectRowAtIndexPath", "The row to select instead, or nil to select none (default: the row).",
                  [view, indexPath], returns: "IndexPath?"),
        .optional("didSelectRowAtIndexPath", "A person selected a row.", [view, indexPath]),
        .optional("willDeselectRowAtIndexPath", "The row to deselect instead, or nil to keep it selected.", [view, indexPath], returns: "IndexPath?"),
        .optional("didDeselectRowAtIndexPath", "A person's tap deselected a row.", [view, indexPath]),
        .optional("willDisplayCell", "A cell is about to be displayed.", [view, cell, indexPath]),
        .optional("didEndDisplayingCell", "A cell stopped being displayed (its old index path).", [view, cell, indexPath]),
        .optional("editingStyleForRowAtIndexPath", "\"delete\", \"insert\" or \"none\" (default \"delete\").",
                  [view, indexPath], returns: "\"delete\"|\"insert\"|\"none\""),
        .optional("willBeginEditingRowAtIndexPath", "A swipe began on a row.", [view, indexPath]),
        .optional("didEndEditingRowAtIndexPath", "The swipe on a row ended.", [view, indexPath]),
        .optional("trailingSwipeActionsConfigurationForRowAtIndexPath",
                  "`{ actions = { { title, style, handler } }, performsFirstActionWithFullSwipe }` or nil.", [view, indexPath], returns: "table?"),
        .optional("targetIndexPathForMoveFromRowAtIndexPath", "Where a dragged row goes (default: proposed).", proposed, returns: "IndexPath"),
    ])

    /// `collectionView.delegate`.
    static let collectionViewDelegate = LuaProtocolDeclaration(
        "UICollectionViewDelegate", "A collection view's delegate written by the script (`cv.delegate = { … }`).", [
        .optional("shouldHighlightItemAtIndexPath", "Whether a touch highlights the item (default true).", [view, indexPath], returns: "boolean"),
        .optional("didHighlightItemAtIndexPath", "A finger went down on the item.", [view, indexPath]),
        .optional("didUnhighlightItemAtIndexPath", "The finger lifted, before the selection.", [view, indexPath]),
        .optional("shouldSelectItemAtIndexPath", "Whether a tap selects the item (default true).", [view, indexPath], returns: "boolean"),
        .optional("didSelectItemAtIndexPath", "A person selected an item.", [view, indexPath]),
        .optional("shouldDeselectItemAtIndexPath", "Whether a tap deselects a selected item (default true).", [view, indexPath], returns: "boolean"),
        .optional("didDeselectItemAtIndexPath", "A person's tap deselected an item.", [view, indexPath]),
        .optional("willDisplayCell", "A cell is about to be displayed.", [view, cell, indexPath]),
        .optional("didEndDisplayingCell", "A cell stopped being displayed (its old index path).", [view, cell, indexPath]),
        .optional("targetIndexPathForMoveFromItemAtIndexPath", "Where a dragged item goes (default: proposed).", proposed, returns: "IndexPath"),
    ])

    /// `tableView.prefetchDataSource` (``LuaPrefetchDataSource`` calls it).
    static let tableViewPrefetching = LuaProtocolDeclaration(
        "UITableViewDataSourcePrefetching", "A table view's prefetching data source written by the script (`tv.prefetchDataSource = { … }`).", [
        .required("prefetchRowsAtIndexPaths", "Rows that will soon be visible.", [view, indexPaths]),
        .optional("cancelPrefetchingForRowsAtIndexPaths", "Prefetched rows no longer about to be visible.", [view, indexPaths]),
    ])

    /// `collectionView.prefetchDataSource`.
    static let collectionViewPrefetching = LuaProtocolDeclaration(
        "UICollectionViewDataSourcePrefetching", "A collection view's prefetching data source written by the script.", [
        .required("prefetchItemsAtIndexPaths", "Items that will soon be visible.", [view, indexPaths]),
        .optional("cancelPrefetchingForItemsAtIndexPaths", "Prefetched items no longer about to be visible.", [view, indexPaths]),
    ])

    /// The methods a script defines on a view controller (``ScriptedControllers`` calls them).
    static let viewController = LuaProtocolDeclaration(
        "UIViewController", "The methods a script defines on a view controller class (`function vc:viewDidAppear(animated) … end`).", [
        .optional("viewDidLoad", "Once, before the controller first appears."),
        .optional("viewWillAppear", "The view is about to become visible.", [P("animated", "boolean")]),
        .optional("viewDidAppear", "The view became visible.", [P("animated", "boolean")]),
        .optional("viewWillDisappear", "The view is about to leave the window.", [P("animated", "boolean")]),
        .optional("viewDidDisappear", "The view left the window.", [P("animated", "boolean")]),
        .optional("dvc_updated", "A dependency of the controller changed.", [P("object", "ManagedObject"), P("changedKeys", "string[]")]),
        .optional("dvc_deleted", "A dependency of the controller was deleted, invalidated or reset.", [P("object", "ManagedObject")]),
    ])

    /// `nav.delegate` (``LuaControllerDelegates`` calls it).
    static let navigationControllerDelegate = LuaProtocolDeclaration(
        "UINavigationControllerDelegate", "The callbacks of `nav.delegate`; each is optional.", [
        .optional("willShowViewController", "A new top controller is about to be shown.",
                  [P("navigationController", "NavigationController"), P("viewController", "ViewController"), P("animated", "boolean")]),
        .optional("didShowViewController", "A new top controller was shown.",
                  [P("navigationController", "NavigationController"), P("viewController", "ViewController"), P("animated", "boolean")]),
    ])

    /// `tabs.delegate` (``LuaControllerDelegates`` calls it; only for the user's taps).
    static let tabBarControllerDelegate = LuaProtocolDeclaration(
        "UITabBarControllerDelegate", "The callbacks of `tabs.delegate`, called for the user's taps only.", [
        .optional("shouldSelectViewController", "Whether the tapped tab may be selected.",
                  [P("tabBarController", "TabBarController"), P("viewController", "ViewController")], returns: "boolean"),
        .optional("didSelectViewController", "The user selected a tab.",
                  [P("tabBarController", "TabBarController"), P("viewController", "ViewController")]),
    ])

    /// `vc.presentationController.delegate` (``LuaControllerDelegates`` calls it when the user swipes a sheet down).
    static let adaptivePresentationControllerDelegate = LuaProtocolDeclaration(
        "UIAdaptivePresentationControllerDelegate",
        "The callbacks of `vc.presentationController.delegate` for a sheet the user swipes down.", [
        .optional("presentationControllerShouldDismiss", "Whether the sheet may be swiped away.",
                  [P("presentationController", "PresentationController")], returns: "boolean"),
        .optional("presentationControllerWillDismiss", "The swipe is dismissing the sheet.", [P("presentationController", "PresentationController")]),
        .optional("presentationControllerDidDismiss", "The swipe dismissed the sheet.", [P("presentationController", "PresentationController")]),
        .optional("presentationControllerDidAttemptToDismiss", "A swipe was refused.", [P("presentationController", "PresentationController")]),
    ])

    /// `split.delegate` (``LuaControllerDelegates`` calls it when the split collapses or expands).
    static let splitViewControllerDelegate = LuaProtocolDeclaration(
        "UISplitViewControllerDelegate", "The callbacks of `split.delegate` (iOS 14 column API); each is optional.", [
        .optional("topColumnForCollapsingToProposedTopColumn", "The column to show when collapsing.",
                  [P("splitViewController", "SplitViewController"), P("proposedTopColumn", column)], returns: column),
        .optional("splitViewControllerDidCollapse", "The split collapsed to one stack.", [P("splitViewController", "SplitViewController")]),
        .optional("splitViewControllerDidExpand", "The split expanded to its columns.", [P("splitViewController", "SplitViewController")]),
    ])

    /// `searchController.searchResultsUpdater` (``ScriptedSearchController`` calls it).
    static let searchResultsUpdating = LuaProtocolDeclaration(
        "UISearchResultsUpdating", "The object told of each change of a search, often the controller showing the results.", [
        .required("updateSearchResultsForSearchController", "The search changed: filter by `searchController.searchBar.text`.",
                  [P("searchController", "SearchController")]),
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
