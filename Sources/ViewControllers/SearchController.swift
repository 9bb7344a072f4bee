/// A search controller (`UISearchController`) shown in a controller's navigation bar through
/// ``NavigationItem/searchController``, with its results in the same controller (no separate results
/// controller). Its ``searchResultsUpdater`` is told of every change of the search: activation, each text the
/// user types, cancellation (``userSearch(_:)``, ``userCancelSearch()``).
///
/// ```swift
/// let search = SearchController(name: "Search")
/// search.searchResultsUpdater = listController      // a SearchResultsUpdating
/// list.navigationItem.searchController = search
/// try search.userSearch("An")
/// ```
open class SearchController {
    /// Names the search controller in logs and messages.
    public var name: String
    /// The search bar, whose `text` is the search.
    public let searchBar = SearchBar()
    /// Told of each change of the search (weak, as in UIKit).
    public weak var searchResultsUpdater: SearchResultsUpdating?
    /// True while the search is active (the user tapped the search bar and has not cancelled).
    public internal(set) var isActive = false
    /// The controller whose navigation item shows this search controller.
    public internal(set) weak var owner: ViewController?

    /// Creates a search controller.
    public init(name: String = "SearchController") {
        self.name = name
    }

    /// `<Search>`: how messages name it.
    var bracketed: String { "<" + name + ">" }

    private func checkOnScreen(_ gesture: String) throws -> Window {
        guard let owner else {
            throw ViewControllerError.gesture(gesture, "\(bracketed) is not the searchController of a navigation item")
        }
        guard owner.navigationController != nil else {
            throw ViewControllerError.gesture(gesture, "\(bracketed) is not on screen: \(owner.bracketed) is not in a navigation controller, so its navigation bar shows no search bar")
        }
        return try owner.checkTouchable(gesture)
    }

    private func update(_ window: Window) throws {
        guard let updater = searchResultsUpdater else { return }
        window.log("updateSearchResultsForSearchController", "\(name) \"\(searchBar.text)\"\(isActive ? "" : " (inactive)")")
        try updater.updateSearchResults(for: self)
    }

    /// The user types `text` in the search bar: when the search is not active, it becomes active (the updater is
    /// told, with the text as it was); then the text is `text` and the updater is told again. The updater's
    /// error is thrown after the text changed (the user did type it).
    ///
    /// - Throws: ``ViewControllerError`` (``ViewControllerError/Kind/invalidGesture``) when the search bar is not
    ///   on screen: not in a navigation item, its controller not in a navigation controller, not visible, or
    ///   covered by a presentation; the updater's errors.
    public func userSearch(_ text: String) throws {
        let window = try checkOnScreen("search")
        window.log("user", "search \"\(text)\" in \(name)")
        if !isActive {
            isActive = true
            try update(window)
        }
        searchBar.text = text
        try update(window)
    }

    /// The user taps Cancel: the text is emptied, the search becomes inactive, and the updater is told.
    ///
    /// - Throws: as ``userSearch(_:)``, and when the search is not active.
    public func userCancelSearch() throws {
        let window = try checkOnScreen("cancelSearch")
        guard isActive else { throw ViewControllerError.gesture("cancelSearch", "\(bracketed) is not active") }
        window.log("user", "cancelSearch in \(name)")
        searchBar.text = ""
        isActive = false
        try update(window)
    }
}

/// The search bar of a ``SearchController`` (`UISearchBar`): its text. Setting ``text`` from code does not
/// tell the updater, as in UIKit; the user's typing does (``SearchController/userSearch(_:)``).
public final class SearchBar {
    /// The text in the bar.
    public var text = ""
}

/// Told of each change of a search (`UISearchResultsUpdating`).
public protocol SearchResultsUpdating: AnyObject {
    /// Called when the search changed (`updateSearchResults(for:)`): filter the results by
    /// `searchController.searchBar.text`.
    func updateSearchResults(for searchController: SearchController) throws
}
