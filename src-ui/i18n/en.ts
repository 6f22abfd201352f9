/**
 * English: the bundled default and the source of truth for every key. The spec's English strings are contracts
 * (tests look for them verbatim), so their wording and punctuation are kept exactly, straight apostrophes included.
 *
 * Conventions:
 * - Plurals use i18next's Intl.PluralRules suffixes (`_one`, `_other`) and must be called with `{ count }`:
 *   `t('common.stops', { count: 12 })`. en, nl and de all have exactly the `one` and `other` categories.
 * - Option labels are keyed by the setting codes of src-shared/domain/settings.ts, cleaning options by the
 *   server's `cleaning_status` codes, stop types by `Stop.type`, intent errors by `IntentError`.
 * - `login.terms` holds a `<terms>` tag; LoginTerms splits around it (src-ui/i18n/tagged.ts).
 * - Top-level `Route`, `Stop`, `AgeVerification`, `disabled` and `lostConnectivity` are key paths the spec names.
 */
export const en = {
  common: {
    appName: 'Droplane',
    ok: 'OK',
    confirm: 'Confirm',
    cancel: 'Cancel',
    retry: 'Retry',
    save: 'Save',
    done: 'Done',
    edit: 'Edit',
    delete: 'Delete',
    clear: 'Clear',
    next: 'Next',
    back: 'Back',
    close: 'Close',
    refresh: 'Refresh',
    later: 'Later',
    required: 'Required',
    loading: 'Loading…',
    pleaseWait: 'Please wait…',
    stops_one: '{{count}} stop',
    stops_other: '{{count}} stops',
    stopProgress_one: '{{done}}/{{count}} stop',
    stopProgress_other: '{{done}}/{{count}} stops',
    routeIndex: 'Route {{index}}',
    distance: {
      km: '{{distance}} km',
      mi: '{{distance}} mi',
    },
    duration: {
      hoursMinutes: '{{hours}} h {{minutes}} min',
      minutes: '{{minutes}} min',
    },
    pullToRefresh: {
      pull: 'Pull to refresh',
      release: 'Release to refresh',
      refreshing: 'Refreshing…',
    },
    a11y: {
      back: 'Back',
      close: 'Close',
      menu: 'Open menu',
      moreOptions: 'More options',
      dismiss: 'Dismiss',
      logo: 'Droplane logo',
      loading: 'Loading',
      previousStop: 'Previous stop',
      nextStop: 'Next stop',
      goToStop: 'Go to stop {{number}}',
      openStop: 'Open stop {{number}}',
      resizeStopList: 'Resize the stop list',
      photo: 'Photo {{number}}',
      deletePhoto: 'Delete photo {{number}}',
      signatureArea: 'Signature area',
      done: 'Completed',
      skipped: 'Skipped',
      unsent: 'Not sent yet',
      early: 'Early',
      late: 'Late',
    },
  },

  login: {
    title: 'Sign in',
    emailStepText: 'Enter your email address to sign in.',
    email: 'Email',
    emailPlaceholder: 'name@example.com',
    passwordTitle: 'Enter your password',
    password: 'Password',
    showPassword: 'Show password',
    hidePassword: 'Hide password',
    resetPassword: 'Reset password',
    next: 'Next',
    signingIn: 'Signing in…',
    resetSentTitle: 'Check your inbox',
    resetSent: 'We have sent instructions to reset your password to {{email}}.',
    backToSignIn: 'Back to sign in',
    resetText: "Enter your email address and we'll send you instructions to reset your password.",
    sendInstructions: 'Send instructions',
    terms: 'By signing in, you agree to the <terms>Terms of service</terms>.',
    termsLink: 'Terms of service',
  },

  account: {
    title: 'Account',
    organisation: 'Organisation',
    signedOut: "You're not signed in",
    myRoutes: 'My Routes',
    settings: 'Settings',
    about: 'About',
    signOut: 'Sign out',
    signIn: 'Sign in',
  },

  settings: {
    title: 'Settings',
    rows: {
      language: 'Language',
      navigationMap: 'Navigation',
      distanceUnit: 'Distance Units',
      mapView: 'Map view',
    },
    options: {
      language: {
        en: 'English',
        nl: 'Nederlands',
        de: 'Deutsch',
      },
      navigationMap: {
        google: 'Google Maps',
        waze: 'Waze',
        apple: 'Apple Maps',
        yandex: 'Yandex Maps',
      },
      distanceUnit: {
        km: 'Kilometers',
        mi: 'Miles',
      },
      mapView: {
        on: 'On',
        off: 'Off',
      },
      mapTheme: {
        standard: 'Standard',
        light: 'Light',
        dark: 'Dark',
      },
    },
    selected: 'Selected',
  },

  about: {
    title: 'About',
    version: 'Version {{version}} ({{date}})',
    copyright: '© {{year}} Droplane',
    terms: 'Terms of service',
    privacy: 'Privacy policy',
  },

  routes: {
    title: 'My Routes',
    tabs: {
      new: 'New',
      closed: 'Closed',
    },
    groups: {
      inProgress: 'In Progress',
      today: 'Today',
    },
    empty: 'No routes',
    loading: 'Loading routes…',
    refresh: 'Refresh the list',
    fromCache: 'Showing the last list',
    offlineFromCache: 'Offline — showing the last list',
    offlineEmpty: "Your routes will show here when you're back online.",
    loadFailed: "Your routes couldn't be loaded.",
    card: {
      continueRoute: 'Continue route',
      viewStops: 'View stops',
      openRoute: 'Open route',
      distance: 'Distance',
      completionTime: 'Completion time',
    },
    preview: {
      title: 'Stops',
      loading: 'Loading stops…',
      stopList: 'Stops of this route',
    },
  },

  route: {
    loading: 'Loading route…',
    view: {
      stopList: 'Stops',
      savedCopy: 'Showing the saved route',
      offlineCopy: 'Offline — showing the saved route',
      loadingMap: 'Loading the map…',
      carousel: 'Remaining stops',
      slide: '{{index}} of {{count}}',
    },
    actions: {
      directions: 'Directions',
      moreInfo: 'More info',
      arrived: 'Arrived',
      startRoute: 'Start route',
      resumeWork: 'Resume work',
      completeRoute: 'Complete route',
    },
    start: {
      title: 'Start the route?',
      warning: 'Notifications will be sent to your recipients. This cannot be undone.',
      confirm: 'Start route',
    },
    routeCompleted: 'Route completed!',
    allDone: 'All done!',
    breakTime: 'Break time',
    breakTimeMinutes: 'Break time: {{minutes}} min',
    stopRow: {
      plannedArrival: 'Planned arrival',
      eta: 'ETA {{time}}',
      early: '{{minutes}} min early',
      late: '{{minutes}} min late',
      unitsShort: '{{count}} U',
    },
    more: {
      title: 'More',
      mapStyle: 'Map style',
      myRoutes: 'My Routes',
      help: 'Help',
      account: 'Account',
    },
    map: {
      fitBounds: 'Fit to bounds',
      trackLocation: 'Track my location',
      yourLocation: 'Your location',
    },
    finishing: 'Completing your route…',
    changes: {
      updated: 'Your route has been updated.',
      driverChanged:
        "This route's driver has been changed, please refresh route's data and connect to your administrator.",
      republished: 'Your route has been republished, please refresh your data.',
    },
  },

  stop: {
    types: {
      start: 'Start',
      pickup: 'Pickup',
      delivery: 'Delivery',
      break: 'Break',
      end: 'End',
    },
    detail: {
      title: 'Stop details',
      number: 'Stop {{number}}',
      location: 'Location',
      notes: 'Notes',
      load: 'Load',
      units_one: '{{count}} unit',
      units_other: '{{count}} units',
      type: 'Type',
      timeWindow: 'Time window',
      noTimeWindow: 'Any time',
      plannedEta: 'Planned ETA',
      duration: 'Duration',
      completedAt: 'Completed at',
      requirements: 'Proof of delivery',
      allUnits: 'All units',
    },
    requirements: {
      signature: 'Signature',
      ageVerification: 'Age verification',
      photo: 'Photo',
    },
    actions: {
      skip: 'Skip',
      delivered: 'Delivered',
      call: 'Call',
      arrived: 'Arrived',
      viewCompletion: 'View completion',
      label: 'Stop actions',
      cleaningDisabled: "Skip and Delivered aren't used for this customer. Tap Arrived to record the stop.",
    },
    units: {
      title: 'Units',
      total: 'Total',
      quantity: '{{quantity}}×',
    },
  },

  complete: {
    title: 'Complete stop',
    delivered: 'Delivered',
    pickedUp: 'Picked up',
    skipped: 'Skipped',
    proofOfDelivery: 'Proof of delivery',
    signature: 'Signature',
    addSignature: 'Add signature',
    ageVerification: 'Age verification',
    verifyAge: 'Verify age',
    bornOn: 'Born {{date}}',
    photos: 'Photos',
    addPhoto: 'Add photo',
    photoCount: '{{count}} of 3 photos',
    photoTypes: 'Only JPEG and PNG photos can be added.',
    recipientNote: 'Note for recipient',
    recipientNotePlaceholder: 'The recipient will see this note',
    internalNote: 'Note for internal use',
    internalNotePlaceholder: 'Only your team will see this note',
    noteCounter: '{{count}}/500',
    noteLimitReached: 'Reached maximum character limit of 500',
    addNote: 'Please add a note',
    required: 'Required',
    edit: 'Edit',
    done: 'Done',
    delete: 'Delete',
    saving: 'Saving…',
    outcome: 'Outcome',
    notCollectable: "Can't be added in the app yet",
    noNote: 'No note',
    routeFinished: 'The route is completed, so this stop can no longer be changed.',
  },

  signature: {
    title: 'Sign below',
    agreement: 'By signing, I confirm that I have received the delivery at {{street}}.',
    name: 'Name',
    clear: 'Clear',
    done: 'Done',
    nameRequired: 'Name required!',
    rotate: 'Rotate the orientation to portrait mode to capture the signature',
  },

  ageVerification: {
    title: 'Select birth date',
    verify: 'Verify',
    underage: 'Receiver is underage!',
    year: 'Year',
    month: 'Month',
    day: 'Day',
  },

  cleaning: {
    title: 'Select status',
    options: {
      washed: 'Washed',
      not_outside: 'Not outside',
      dirty: 'Dirty',
      full: 'Full',
      other: 'Other',
    },
    definition: 'Definition',
    definitionPlaceholder: 'Describe what you found',
    sticker: 'Sticker',
    save: 'Save',
  },

  proof: {
    signedBy: 'Signed by {{name}}',
    deleteSignature: 'Delete signature',
    deleteAgeVerification: 'Delete age verification',
    processingPhoto: 'Processing photo…',
    age_one: '{{count}} year old',
    age_other: '{{count}} years old',
  },

  dialogs: {
    ok: 'OK',
    confirm: 'Confirm',
    cancel: 'Cancel',
    loading: 'Please wait…',
    newChanges: {
      title: 'New Changes',
      message: 'There are new changes to your route. Refresh to load them.',
      refresh: 'Refresh',
      later: 'Later',
    },
  },

  snackbars: {
    noInternet: 'No internet connection',
    appUpdated: 'App updated successfully',
    retry: 'Retry',
  },

  errors: {
    oops: 'Oops',
    somethingWentWrong: 'Something went wrong',
    noDataFound: 'No data found',
    routeExpired:
      'Your route has expired. Please contact your administrator for more details (as they probably created a new route for you).',
    stopNotFound: 'Stop not found.',
    stopNotFoundReload: 'Stop not found. Please reload your route.',
    fetchRouteFailed: 'Something went wrong while fetching route.',
    publicationSettingsMissing: "Couldn't get publication settings.",
    subscriptionCancelled: "Your organisation's subscription is cancelled. Please contact your supervisor.",
    fallback: {
      title: 'Oops',
      message: 'Something went wrong',
      reload: 'Reload the app',
    },
    intent: {
      empty_field: 'Please fill in this field',
      too_long: 'Please use at most {{max}} characters.',
      no_user: 'No user found',
      incorrect_password: 'Incorrect password',
      offline: 'No internet connection',
      unauthorized: 'You have been logged out automatically',
      not_found: 'No data found',
      subscription_cancelled: "Your organisation's subscription is cancelled. Please contact your supervisor.",
      route_expired:
        'Your route has expired. Please contact your administrator for more details (as they probably created a new route for you).',
      stop_not_found: 'Stop not found. Please reload your route.',
      fetch_failed: 'Something went wrong while fetching route.',
      no_publication_settings: "Couldn't get publication settings.",
      start_too_early: 'You can start this route on {{date}}.',
      unsent_pending: "Connection lost. Some changes haven't been sent yet, so please don't close this window.",
      blocked: 'This stop cannot be completed yet.',
      unsupported_file: 'Only JPEG and PNG photos can be added.',
      server_message: '{{message}}',
      unknown: 'Something went wrong',
    },
  },

  alerts: {
    title: 'Attention',
    completeBreakFirst: 'You need to complete your break first.',
    startRouteFirst: 'You need to start the route first.',
    routeAlreadyCompleted: "You've already completed the route.",
    cannotCall: 'You are not able to call the customer.',
    signInToSeeRoutes: 'You have to sign in to see your routes.',
    fulfillRequirements: 'Fulfill proof of delivery requirements.',
    oneClickNotAllowed:
      'One-click delivery is not allowed as there are required fields in the Arrived screen you need to fulfill.',
    completeAllStops: 'Complete all stops before arriving at your final destination.',
  },

  success: {
    stopSkipped: 'Stop {{number}} skipped',
    stopPickedUp: 'Stop {{number}} picked up',
    stopDelivered: 'Stop {{number}} delivered',
    breakFinished: 'Break finished',
    photoAdded: 'Photo added',
    signatureAdded: 'Signature added',
    ageVerified: 'Age verified',
    routeCompleted: "You've completed your route!",
  },

  connectivity: {
    offline: "You're offline",
    notSentYet: 'Not sent yet',
    unsent_one: '{{count}} stop not sent yet',
    unsent_other: '{{count}} stops not sent yet',
    sending: 'Sending…',
    sendingUnsent: 'Sending your unsent changes…',
    allSent: 'All changes sent',
  },

  Route: {
    allowedStartDate: 'You can start this route on {{date}}.',
  },

  Stop: {
    incompleteAlert: 'You need to complete stop {{number}} first.',
  },

  AgeVerification: {
    successfull: 'Age verified: the recipient is 18 or older.',
    unsuccessfull: 'Age verification failed: the recipient is only {{age}}.',
  },

  disabled: {
    photoCollection: "Photos aren't available for this route. Contact your dispatcher to turn them on.",
    signatureCollection: "Signatures aren't available for this route. Contact your dispatcher to turn them on.",
    ageVerification: "Age verification isn't available for this route. Contact your dispatcher to turn it on.",
    completionNotes: "Notes aren't available for this route. Contact your dispatcher to turn them on.",
  },

  lostConnectivity: "Connection lost. Some changes haven't been sent yet, so please don't close this window.",
} as const;

/** Every literal string of `T` widened to `string`: the shape Dutch and German must fill, key for key. */
export type DeepStringWiden<T> = {
  readonly [K in keyof T]: T[K] extends string ? string : DeepStringWiden<T[K]>;
};

/** The shape of a language's messages: missing or extra keys in nl.ts or de.ts are compile errors. */
export type Messages = DeepStringWiden<typeof en>;
