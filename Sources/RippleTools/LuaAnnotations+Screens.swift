extension LuaAnnotations {
    static let fetchedResults = #"""
---Options of `ripple.fetchedResultsController` (every `FetchRequest` field too).
---@class FetchedResultsControllerOptions : FetchRequest
---@field context ManagedObjectContext The context to fetch from (required).
---@field sectionNameKeyPath? string The key path whose value names each object's section.
---@field cacheName? string The cache name (`ripple.deleteCache`).
---@field name? string The name in the trace (`frc` by default).
---@field tracksRelationshipKeyPaths? boolean Re-sort and re-filter when related objects change (opt-in).
---@field checksInvariants? boolean Check the controller's invariants after every batch.

---A fetched results controller (`NSFetchedResultsController`).
---@class FetchedResultsController : userdata
---@field fetchedObjects ManagedObject[]? The fetched objects in order, nil before `performFetch`.
---@field sections FetchedResultsSectionInfo[]? The sections, nil before `performFetch`.
---@field sectionIndexTitles string[] The section index titles.
---@field delegate FetchedResultsControllerDelegate|ViewController|nil A table (or a view controller) of optional callbacks (read/write).
---@field name string The name in the trace (read/write).
---@field cacheName string? The cache name.
---@field sectionNameKeyPath string? The section key path.
---@field tracksRelationshipKeyPaths boolean Re-sort and re-filter on changes of related objects (read/write).
---@field checksInvariants boolean Check invariants after every batch (read/write).
---@field predicate string? The predicate's format (read/write; takes effect at the next `performFetch`).
---@field changeBatchCount integer How many batches of changes the controller has reported.
local FetchedResultsController = {}

---Runs the fetch and builds the sections.
function FetchedResultsController:performFetch() end

---The object at an index path.
---@param indexPath IndexPath
---@return ManagedObject
function FetchedResultsController:objectAtIndexPath(indexPath) end

---The index path of an object, or nil.
---@param object ManagedObject
---@return IndexPath?
function FetchedResultsController:indexPathForObject(object) end

---The section for an index title (`section(forSectionIndexTitle:at:)`).
---@param title string
---@param index integer
---@return integer
function FetchedResultsController:sectionForSectionIndexTitle(title, index) end

---A section of a fetched results controller.
---@class FetchedResultsSectionInfo
---@field name string
---@field indexTitle? string
---@field numberOfObjects integer
---@field objects ManagedObject[]

---The callbacks of `frc.delegate`; each is optional.
---@class FetchedResultsControllerDelegate
---@field controllerWillChangeContent? fun(controller: FetchedResultsController)
---@field didChangeSection? fun(controller: FetchedResultsController, sectionInfo: FetchedResultsSectionInfo, sectionIndex: integer, type: "insert"|"delete")
---@field didChangeObject? fun(controller: FetchedResultsController, object: ManagedObject, indexPath: IndexPath?, type: "insert"|"delete"|"move"|"update", newIndexPath: IndexPath?)
---@field controllerDidChangeContent? fun(controller: FetchedResultsController)
---@field didChangeContentWithSnapshot? fun(controller: FetchedResultsController, snapshot: Snapshot) Section names and object IDs, updated objects marked for reload; `dataSource:apply(snapshot)` shows it.
---@field didChangeContentWithDifference? fun(controller: FetchedResultsController, difference: { removals: { offset: integer, objectID: ManagedObjectID, associatedWith?: integer }[], insertions: { offset: integer, objectID: ManagedObjectID, associatedWith?: integer }[] })
---@field sectionIndexTitleForSectionName? fun(controller: FetchedResultsController, sectionName: string): string? The index title of a section (default: its first letter, upper-cased); used by `frc.sectionIndexTitles`.

"""#

    static let screens = #"""
---A window (`UIWindow`).
---@class Window : userdata
---@field rootViewController ViewController? The root (read/write; setting it shows the new root).
---@field visibleViewControllers ViewController[] The controllers on screen.
---@field eventLog string[] Transitions, lifecycle callbacks and warnings, in order.
---@field warnings string[] UIKit's warnings.
---@field horizontalSizeClass "compact"|"regular" The width trait (read/write, default `"regular"`); a change adapts popovers (full screen in compact).
local Window = {}

---The hierarchy as an indented tree.
---@return string
function Window:describe() end

---Empties the window's event log.
function Window:clearEventLog() end

---A view controller (`UIViewController` with BTDependentVC). Unknown keys are per-instance Lua values.
---@class ViewController : userdata
---@field title string? The title (read/write).
---@field modalPresentationStyle "automatic"|"fullScreen"|"pageSheet"|"formSheet"|"popover"|"overCurrentContext"|"overFullScreen"|"currentContext" (read/write)
---@field presentationController PresentationController The object managing its presentation; set its `delegate` to decide on swipes.
---@field isModalInPresentation boolean When true the user cannot swipe the sheet down (read/write, default false).
---@field navigationItem NavigationItem What its navigation bar shows: `navigationItem.searchController`.
---@field navigationController NavigationController?
---@field tabBarController TabBarController?
---@field presentingViewController ViewController?
---@field presentedViewController ViewController?
---@field parent ViewController?
---@field children ViewController[]
---@field isViewLoaded boolean
---@field isVisible boolean
---@field window Window?
---@field dvc_autoDismiss boolean Whether losing a dependency makes the controller leave the screen (read/write).
---@field dvc_autoDismissAnimated boolean Whether leaving is animated (read/write, default true).
---@field dvc_dependencies ManagedObject[] The dependencies, in the order of `dvc_add`.
---@field tableView? TableView By convention (a per-instance value): the table view a table view controller manages.
---@field collectionView? CollectionView By convention (a per-instance value): the collection view it manages.
---@field numberOfSections? fun(self: ViewController, view: CollectionView): integer As the view's data source: the number of sections (1 when missing).
---@field numberOfRowsInSection? fun(self: ViewController, tableView: TableView, section: integer): integer As a table view's data source.
---@field cellForRowAtIndexPath? fun(self: ViewController, tableView: TableView, indexPath: IndexPath): CollectionReusableView|table As a table view's data source: a dequeued cell.
---@field titleForHeaderInSection? fun(self: ViewController, tableView: TableView, section: integer): string? As a table view's data source.
---@field titleForFooterInSection? fun(self: ViewController, tableView: TableView, section: integer): string? As a table view's data source.
---@field numberOfItemsInSection? fun(self: ViewController, collectionView: CollectionView, section: integer): integer As a collection view's data source.
---@field cellForItemAtIndexPath? fun(self: ViewController, collectionView: CollectionView, indexPath: IndexPath): CollectionReusableView|table As a collection view's data source.
---@field controllerWillChangeContent? fun(self: ViewController, controller: FetchedResultsController) As `frc.delegate`.
---@field didChangeSection? fun(self: ViewController, controller: FetchedResultsController, sectionInfo: FetchedResultsSectionInfo, sectionIndex: integer, type: "insert"|"delete") As `frc.delegate`.
---@field didChangeObject? fun(self: ViewController, controller: FetchedResultsController, object: ManagedObject, indexPath: IndexPath?, type: "insert"|"delete"|"move"|"update", newIndexPath: IndexPath?) As `frc.delegate`.
---@field controllerDidChangeContent? fun(self: ViewController, controller: FetchedResultsController) As `frc.delegate`.
---@field didChangeContentWithSnapshot? fun(self: ViewController, controller: FetchedResultsController, snapshot: Snapshot) As `frc.delegate`.
---@field viewDidLoad? fun(self: ViewController) Called when the view loads.
---@field viewWillAppear? fun(self: ViewController, animated: boolean)
---@field viewDidAppear? fun(self: ViewController, animated: boolean)
---@field viewWillDisappear? fun(self: ViewController, animated: boolean)
---@field viewDidDisappear? fun(self: ViewController, animated: boolean)
---@field dvc_updated? fun(self: ViewController, object: ManagedObject, changedKeys: string[]) A dependency changed.
---@field dvc_deleted? fun(self: ViewController, object: ManagedObject) A dependency was deleted, invalidated or reset.
local ViewController = {}

---Presents `other` from this controller's outermost container.
---@param other ViewController
---@param animated? boolean
---@param completion? fun()
function ViewController:present(other, animated, completion) end

---Dismisses what this controller (or an ancestor) presents, or asks its presenter to dismiss it.
---@param animated? boolean
---@param completion? fun()
function ViewController:dismiss(animated, completion) end

---Adds a child controller (custom containers).
---@param child ViewController
function ViewController:addChild(child) end

---Removes the controller from its parent.
function ViewController:removeFromParent() end

---Shows `other` as UIKit's `show(_:sender:)` does: the nearest navigation controller pushes it (animated); without one, it is presented.
---@param other ViewController
function ViewController:show(other) end

---Shows `other` as the detail (`showDetailViewController(_:sender:)`): the nearest split view controller puts it in its secondary column (collapsed: pushes it onto the primary stack); without one, it is presented.
---@param other ViewController
function ViewController:showDetailViewController(other) end

---Loads the view if it is not loaded yet (`viewDidLoad` runs).
function ViewController:loadViewIfNeeded() end

---Adds a dependency on a managed object of a main-queue context.
---@param object ManagedObject
function ViewController:dvc_add(object) end

---Removes a dependency.
---@param object ManagedObject
function ViewController:dvc_remove(object) end

---Removes every dependency.
function ViewController:dvc_removeAll() end

---Whether the controller depends on `object`.
---@param object ManagedObject
---@return boolean
function ViewController:dvc_contains(object) end

---A navigation controller (`UINavigationController`).
---@class NavigationController : ViewController
---@field viewControllers ViewController[] The stack, bottom first (read/write, not animated).
---@field topViewController ViewController?
---@field visibleViewController ViewController?
---@field delegate? NavigationControllerDelegate Told of each new top controller shown (a table of functions or an object).
local NavigationController = {}

---Pushes a controller.
---@param vc ViewController
---@param animated? boolean
function NavigationController:pushViewController(vc, animated) end

---Pops the top controller; returns it, or nil.
---@param animated? boolean
---@return ViewController?
function NavigationController:popViewController(animated) end

---Pops to `vc`; returns the popped controllers, bottom first.
---@param vc ViewController
---@param animated? boolean
---@return ViewController[]
function NavigationController:popToViewController(vc, animated) end

---Pops to the root; returns the popped controllers, bottom first.
---@param animated? boolean
---@return ViewController[]
function NavigationController:popToRootViewController(animated) end

---Replaces the stack (`{}` empties it).
---@param controllers ViewController[]
---@param animated? boolean
function NavigationController:setViewControllers(controllers, animated) end

---A tab bar controller (`UITabBarController`).
---@class TabBarController : ViewController
---@field viewControllers ViewController[] The tabs (read/write).
---@field selectedIndex integer The selected tab, 0-based (read/write; out of range does nothing).
---@field selectedViewController ViewController? (read/write)
---@field delegate? TabBarControllerDelegate Asked when the user taps a tab (a table of functions or an object).
local TabBarController = {}

---Replaces the tabs.
---@param controllers ViewController[]
---@param animated? boolean
function TabBarController:setViewControllers(controllers, animated) end

---A split view controller (`UISplitViewController`, iOS 14 column style), made by `ripple.splitViewController`.
---@class SplitViewController : ViewController
---@field viewControllers NavigationController[] The columns' navigation controllers: primary, supplementary (if any), secondary.
---@field isCollapsed boolean True while it shows one stack (the window is horizontally compact).
---@field style "doubleColumn"|"tripleColumn" By whether a supplementary column was given.
---@field delegate? SplitViewControllerDelegate Asked for the top column when collapsing (a table of functions or an object).
local SplitViewController = {}

---The navigation controller of a column.
---@param column "primary"|"supplementary"|"secondary"
---@return NavigationController?
function SplitViewController:viewControllerForColumn(column) end

---The callbacks of `split.delegate` (`UISplitViewControllerDelegate`, iOS 14 column API); each is optional.
---@class SplitViewControllerDelegate
---@field topColumnForCollapsingToProposedTopColumn? fun(splitViewController: SplitViewController, proposedTopColumn: "primary"|"supplementary"|"secondary"): "primary"|"supplementary"|"secondary" The column on top of the collapsed stack.
---@field splitViewControllerDidCollapse? fun(splitViewController: SplitViewController) After collapsing.
---@field splitViewControllerDidExpand? fun(splitViewController: SplitViewController) After expanding.

---The callbacks of `nav.delegate` (`UINavigationControllerDelegate`); each is optional.
---@class NavigationControllerDelegate
---@field willShowViewController? fun(navigationController: NavigationController, viewController: ViewController, animated: boolean) Before a new top controller is shown.
---@field didShowViewController? fun(navigationController: NavigationController, viewController: ViewController, animated: boolean) After it was shown.

---The callbacks of `tabs.delegate` (`UITabBarControllerDelegate`), called for the user's taps only.
---@class TabBarControllerDelegate
---@field shouldSelectViewController? fun(tabBarController: TabBarController, viewController: ViewController): boolean Whether the tapped tab may be selected.
---@field didSelectViewController? fun(tabBarController: TabBarController, viewController: ViewController) The user selected a tab.

---The callbacks of `vc.presentationController.delegate` (`UIAdaptivePresentationControllerDelegate`) for a sheet the user swipes down.
---@class AdaptivePresentationControllerDelegate
---@field presentationControllerShouldDismiss? fun(presentationController: PresentationController): boolean Whether the sheet may go.
---@field presentationControllerWillDismiss? fun(presentationController: PresentationController) Before the swipe dismisses it.
---@field presentationControllerDidDismiss? fun(presentationController: PresentationController) After the swipe dismissed it.
---@field presentationControllerDidAttemptToDismiss? fun(presentationController: PresentationController) A swipe was refused.

---What a person does on the screen (docs/user-actions.md): each gesture makes UIKit's delegate and data-source calls, in UIKit's order, and writes them to the trace; a gesture a person could not make (a view not on screen, inside a batch update, an index path out of range) is an error and changes nothing.
---@class RippleUser
ripple.user = {}

---The user taps the back button of a navigation controller on screen: an animated pop.
---@param nav NavigationController
function ripple.user.tapBack(nav) end

---The user swipes back from the left edge: an interactive pop; `{ cancel = true }` abandons it half-way.
---@param nav NavigationController
---@param options? { cancel?: boolean }
function ripple.user.swipeBack(nav, options) end

---The user taps a tab (0-based): `shouldSelectViewController`, the selection, `didSelectViewController`.
---@param tabs TabBarController
---@param index integer
function ripple.user.selectTab(tabs, index) end

---The user swipes a presented sheet down: its presentation controller delegate decides.
---@param presented ViewController
function ripple.user.swipeDown(presented) end

---The user types `text` in a search bar on screen: activation (the updater is told), then the text (told again).
---@param searchController SearchController
---@param text string
function ripple.user.search(searchController, text) end

---The user taps Cancel in an active search bar: the text is emptied, the search becomes inactive, the updater is told.
---@param searchController SearchController
function ripple.user.cancelSearch(searchController) end

---The object told of each change of a search (`UISearchResultsUpdating`), often the controller showing the results.
---@class SearchResultsUpdating
---@field updateSearchResultsForSearchController fun(searchController: SearchController) Filter by `searchController.searchBar.text`.

---`ripple.ViewController`: class-wide settings, per engine.
---@class ViewControllerClass : userdata
---@field dvc_defaultAutoDismiss boolean The default of `dvc_autoDismiss` (read/write, default true).

"""#
}
