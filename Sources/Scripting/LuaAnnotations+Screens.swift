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

"""#
}
