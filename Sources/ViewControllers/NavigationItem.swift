/// What a controller shows in a navigation bar (`UINavigationItem`): here, its search controller.
public final class NavigationItem {
    /// The controller it belongs to.
    public private(set) weak var owner: ViewController?

    init(owner: ViewController) {
        self.owner = owner
    }

    /// The search controller whose search bar the navigation bar shows (`searchController`). A search controller
    /// belongs to one navigation item: setting it here takes it from the previous one.
    public var searchController: SearchController? {
        didSet {
            guard oldValue !== searchController else { return }
            if let old = oldValue, old.owner === owner { old.owner = nil }
            if let new = searchController {
                if let previous = new.owner, previous !== owner { previous.navigationItem.searchController = nil }
                new.owner = owner
            }
        }
    }
}

extension ViewController {
    /// The navigation item (`navigationItem`), created on first use.
    public var navigationItem: NavigationItem {
        if let item = navigationItemStorage { return item }
        let item = NavigationItem(owner: self)
        navigationItemStorage = item
        return item
    }
}
