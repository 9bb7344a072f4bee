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


"""#

    static let screens = #"""

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


"""#
}
