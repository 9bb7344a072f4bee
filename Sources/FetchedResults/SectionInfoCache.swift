#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ObjectGraph

/// The section-information caches of fetched-results controllers, by cache name, per persistent store
/// coordinator (Core Data keeps them in files per app; Ripple keeps them in memory for the coordinator's
/// lifetime, so separate containers never share a cache).
///
/// A cache remembers the configuration it was computed for (entity, predicate, sort descriptors, section
/// key path) and the section names and counts. A controller with the same cache name and another
/// configuration fails with Core Data's fatal error until the cache is deleted.
///
/// ```swift
/// SectionInfoCache.deleteCache(withName: "Customers")   // nil deletes every cache
/// ```
public enum SectionInfoCache {
    /// What a cache remembers.
    struct Entry {
        weak var coordinator: PersistentStoreCoordinator?
        var configuration: String
        var sections: [(name: String, count: Int)]
    }

    nonisolated(unsafe) private static var entries: [String: [Entry]] = [:]
    nonisolated(unsafe) private static var mutex: pthread_mutex_t = {
        var m = pthread_mutex_t()
        pthread_mutex_init(&m, nil)
        return m
    }()

    private static func locked<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        return try body()
    }

    /// Deletes the cache of that name (`deleteCache(withName:)`); nil deletes every cache.
    public static func deleteCache(withName name: String?) {
        locked {
            if let name { entries[name] = nil } else { entries.removeAll() }
        }
    }

    /// The remembered sections, after checking the configuration.
    /// - Throws: Core Data's fatal error when the cache was computed for another configuration.
    static func check(name: String, coordinator: PersistentStoreCoordinator, configuration: String) throws {
        try locked {
            entries[name]?.removeAll { $0.coordinator == nil }
            guard let entry = entries[name]?.first(where: { $0.coordinator === coordinator }) else { return }
            if entry.configuration != configuration { throw FetchedResultsError.cacheMismatch }
        }
    }

    /// Remembers the sections of a configuration.
    static func store(name: String, coordinator: PersistentStoreCoordinator, configuration: String,
                      sections: [(name: String, count: Int)]) {
        locked {
            var list = (entries[name] ?? []).filter { $0.coordinator != nil && $0.coordinator !== coordinator }
            list.append(Entry(coordinator: coordinator, configuration: configuration, sections: sections))
            entries[name] = list
        }
    }

    /// The remembered sections for a name and coordinator, if any.
    static func sections(name: String, coordinator: PersistentStoreCoordinator) -> [(name: String, count: Int)]? {
        locked { entries[name]?.first(where: { $0.coordinator === coordinator })?.sections }
    }
}
