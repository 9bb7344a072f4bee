/// The iOS release whose observable behaviour Ripple reproduces (`ripple.uikit.profile`).
///
/// Only behaviour that differs between releases and that apps can observe is switched; everything else is
/// the newest behaviour. See `docs/table-views.md` ("iOS profiles") for each difference and its source.
///
/// ```swift
/// let settings = PlatformSettings()
/// settings.profile = .ios15
/// ```
public enum PlatformProfile: String, CaseIterable, Sendable {
    /// iOS 17 and later: as ``ios16_4`` in everything Ripple simulates (no documented change to batch-update
    /// validation, fetched-results reporting, presentation or split views); named so that a script can say
    /// which release it means.
    case ios17 = "ios17"
    /// iOS 16.4 and later (default): a wrong number of sections or items in a batch update is a hard
    /// exception with the aggregate "Invalid batch updates detected" message; the fetched-results controller reports no
    /// same-path moves.
    case ios16_4 = "ios16.4"
    /// iOS 15: per-section "Invalid update" messages, and the silent `reloadData` fallback of a collection
    /// view that had to ask its data source for the counts before the update.
    case ios15 = "ios15"
    /// iOS 9: as ``ios15`` for UIKit, and the fetched-results controller follows an update of an object that
    /// did not move with a move from its index path to the same index path (OpenRadar 22380191).
    case ios9 = "ios9"

    /// Whether views report count failures with the iOS 16.4+ aggregate message.
    public var hasAggregateBatchUpdateMessage: Bool { self == .ios16_4 || self == .ios17 }
    /// Whether the fetched-results controller sends an update followed by a same-path move.
    public var sendsSamePathMoveAfterUpdate: Bool { self == .ios9 }
}

/// A shared, mutable profile setting: the script engine gives one to every view and controller it makes,
/// so that changing the profile affects them all at once.
public final class PlatformSettings {
    /// The profile (default ``PlatformProfile/ios16_4``).
    @exclusivity(unchecked) public var profile: PlatformProfile

    /// Creates a setting.
    public init(profile: PlatformProfile = .ios16_4) { self.profile = profile }
}
