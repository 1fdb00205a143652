// GENERATED FILE — do not edit by hand.
// Regenerate from the repository root: python3 Scripts/generate_builtin_examples.py

/// Example payloads compiled into the library, so `sdui preview` works without the source tree.
public enum BuiltInExamples {
    /// The JSON of `Examples/storefront.json`, byte for byte (without its final newline).
    public static let storefrontJSON = ##"""
{
  "schemaVersion": 1,
  "id": "storefront",
  "title": "Storefront",
  "root": {
    "type": "scroll",
    "id": "scroll",
    "children": [
      {
        "type": "vstack",
        "id": "content",
        "alignment": "leading",
        "spacing": 16,
        "padding": {
          "horizontal": 16,
          "vertical": 16
        },
        "children": [
          {
            "type": "text",
            "id": "heading",
            "text": "New this week",
            "style": "largeTitle",
            "weight": "bold"
          },
          {
            "type": "text",
            "id": "subheading",
            "text": "Hand-picked gear for the season ahead, shipped free over $50.",
            "style": "subheadline",
            "color": {
              "light": "#6C6C70",
              "dark": "#AEAEB2"
            }
          },
          {
            "type": "grid",
            "id": "products",
            "columns": {
              "compact": [
                {
                  "adaptive": {
                    "minimum": 150
                  },
                  "alignment": "top"
                }
              ],
              "regular": [
                {
                  "flexible": {},
                  "alignment": "top"
                },
                {
                  "flexible": {},
                  "alignment": "top"
                },
                {
                  "flexible": {},
                  "alignment": "top"
                },
                {
                  "flexible": {},
                  "alignment": "top"
                }
              ]
            },
            "spacing": 12,
            "children": [
              {
                "type": "vstack",
                "id": "card-p1",
                "alignment": "leading",
                "spacing": 8,
                "padding": 8,
                "background": "secondaryBackground",
                "cornerRadius": 12,
                "action": {
                  "type": "navigate",
                  "screen": "product/p1"
                },
                "accessibility": {
                  "children": "contain"
                },
                "children": [
                  {
                    "type": "image",
                    "id": "image-p1",
                    "url": "https://picsum.photos/seed/shoe/600/400",
                    "aspectRatio": 1.5,
                    "contentMode": "fill",
                    "cornerRadius": 8,
                    "alt": "Trail Runner 3"
                  },
                  {
                    "type": "text",
                    "id": "title-p1",
                    "text": "Trail Runner 3",
                    "style": "subheadline",
                    "weight": "semibold",
                    "lineLimit": 2
                  },
                  {
                    "type": "vstack",
                    "id": "row-p1",
                    "spacing": 8,
                    "children": [
                      {
                        "type": "text",
                        "id": "price-p1",
                        "text": "$129",
                        "style": "callout",
                        "weight": "bold"
                      },
                      {
                        "type": "button",
                        "id": "buy-p1",
                        "title": "Buy",
                        "style": "borderedProminent",
                        "frame": {
                          "minHeight": 44
                        },
                        "action": {
                          "type": "present",
                          "screen": "checkout/p1",
                          "style": "pageSheet"
                        }
                      }
                    ],
                    "alignment": "leading"
                  }
                ],
                "modifiers": [
                  {
                    "shadow": {
                      "radius": 2,
                      "y": 1
                    }
                  }
                ]
              },
              {
                "type": "vstack",
                "id": "card-p2",
                "alignment": "leading",
                "spacing": 8,
                "padding": 8,
                "background": "secondaryBackground",
                "cornerRadius": 12,
                "action": {
                  "type": "navigate",
                  "screen": "product/p2"
                },
                "accessibility": {
                  "children": "contain"
                },
                "children": [
                  {
                    "type": "image",
                    "id": "image-p2",
                    "url": "https://picsum.photos/seed/bag/600/400",
                    "aspectRatio": 1.5,
                    "contentMode": "fill",
                    "cornerRadius": 8,
                    "alt": "Canvas Weekender Bag",
                    "modifiers": [
                      {
                        "overlay": {
                          "alignment": "topLeading",
                          "content": {
                            "type": "text",
                            "id": "badge-p2",
                            "text": "−20 %",
                            "style": "caption",
                            "weight": "bold",
                            "color": "white",
                            "modifiers": [
                              {
                                "fixedSize": true
                              },
                              {
                                "padding": {
                                  "horizontal": 6,
                                  "vertical": 2
                                }
                              },
                              {
                                "background": "#D70015"
                              },
                              {
                                "cornerRadius": 4
                              },
                              {
                                "padding": 6
                              }
                            ]
                          }
                        }
                      }
                    ]
                  },
                  {
                    "type": "text",
                    "id": "title-p2",
                    "text": "Canvas Weekender Bag",
                    "style": "subheadline",
                    "weight": "semibold",
                    "lineLimit": 2
                  },
                  {
                    "type": "vstack",
                    "id": "row-p2",
                    "spacing": 8,
                    "children": [
                      {
                        "type": "viewThatFits",
                        "id": "prices-p2",
                        "axes": "horizontal",
                        "children": [
                          {
                            "type": "hstack",
                            "id": "prices-row-p2",
                            "spacing": 6,
                            "alignment": "bottom",
                            "children": [
                              {
                                "type": "text",
                                "id": "price-p2",
                                "text": "$71",
                                "style": "callout",
                                "weight": "bold"
                              },
                              {
                                "type": "text",
                                "id": "was-p2",
                                "text": "$89",
                                "style": "footnote",
                                "color": {
                                  "light": "#6C6C70",
                                  "dark": "#AEAEB2"
                                },
                                "strikethrough": true
                              }
                            ]
                          },
                          {
                            "type": "vstack",
                            "id": "prices-column-p2",
                            "spacing": 2,
                            "alignment": "leading",
                            "children": [
                              {
                                "type": "text",
                                "id": "price-p2-stacked",
                                "text": "$71",
                                "style": "callout",
                                "weight": "bold"
                              },
                              {
                                "type": "text",
                                "id": "was-p2-stacked",
                                "text": "$89",
                                "style": "footnote",
                                "color": {
                                  "light": "#6C6C70",
                                  "dark": "#AEAEB2"
                                },
                                "strikethrough": true
                              }
                            ]
                          }
                        ]
                      },
                      {
                        "type": "button",
                        "id": "buy-p2",
                        "title": "Buy",
                        "style": "borderedProminent",
                        "frame": {
                          "minHeight": 44
                        },
                        "action": {
                          "type": "present",
                          "screen": "checkout/p2",
                          "style": "pageSheet"
                        }
                      }
                    ],
                    "alignment": "leading"
                  }
                ],
                "modifiers": [
                  {
                    "shadow": {
                      "radius": 2,
                      "y": 1
                    }
                  }
                ]
              },
              {
                "type": "vstack",
                "id": "card-p3",
                "alignment": "leading",
                "spacing": 8,
                "padding": 8,
                "background": "secondaryBackground",
                "cornerRadius": 12,
                "action": {
                  "type": "navigate",
                  "screen": "product/p3"
                },
                "accessibility": {
                  "children": "contain"
                },
                "children": [
                  {
                    "type": "image",
                    "id": "image-p3",
                    "url": "https://picsum.photos/seed/coffee/600/400",
                    "aspectRatio": 1.5,
                    "contentMode": "fill",
                    "cornerRadius": 8,
                    "alt": "Ceramic Pour-Over Set"
                  },
                  {
                    "type": "text",
                    "id": "title-p3",
                    "text": "Ceramic Pour-Over Set",
                    "style": "subheadline",
                    "weight": "semibold",
                    "lineLimit": 2
                  },
                  {
                    "type": "vstack",
                    "id": "row-p3",
                    "spacing": 8,
                    "children": [
                      {
                        "type": "text",
                        "id": "price-p3",
                        "text": "$42",
                        "style": "callout",
                        "weight": "bold"
                      },
                      {
                        "type": "button",
                        "id": "buy-p3",
                        "title": "Buy",
                        "style": "borderedProminent",
                        "frame": {
                          "minHeight": 44
                        },
                        "action": {
                          "type": "present",
                          "screen": "checkout/p3",
                          "style": "pageSheet"
                        }
                      }
                    ],
                    "alignment": "leading"
                  }
                ],
                "modifiers": [
                  {
                    "shadow": {
                      "radius": 2,
                      "y": 1
                    }
                  }
                ]
              },
              {
                "type": "vstack",
                "id": "card-p4",
                "alignment": "leading",
                "spacing": 8,
                "padding": 8,
                "background": "secondaryBackground",
                "cornerRadius": 12,
                "action": {
                  "type": "navigate",
                  "screen": "product/p4"
                },
                "accessibility": {
                  "children": "contain"
                },
                "children": [
                  {
                    "type": "image",
                    "id": "image-p4",
                    "url": "https://picsum.photos/seed/sweater/600/400",
                    "aspectRatio": 1.5,
                    "contentMode": "fill",
                    "cornerRadius": 8,
                    "alt": "Merino Crew Sweater"
                  },
                  {
                    "type": "text",
                    "id": "title-p4",
                    "text": "Merino Crew Sweater",
                    "style": "subheadline",
                    "weight": "semibold",
                    "lineLimit": 2
                  },
                  {
                    "type": "vstack",
                    "id": "row-p4",
                    "spacing": 8,
                    "children": [
                      {
                        "type": "text",
                        "id": "price-p4",
                        "text": "$110",
                        "style": "callout",
                        "weight": "bold"
                      },
                      {
                        "type": "button",
                        "id": "buy-p4",
                        "title": "Buy",
                        "style": "borderedProminent",
                        "frame": {
                          "minHeight": 44
                        },
                        "action": {
                          "type": "present",
                          "screen": "checkout/p4",
                          "style": "pageSheet"
                        }
                      }
                    ],
                    "alignment": "leading"
                  }
                ],
                "modifiers": [
                  {
                    "shadow": {
                      "radius": 2,
                      "y": 1
                    }
                  }
                ]
              },
              {
                "type": "vstack",
                "id": "card-p5",
                "alignment": "leading",
                "spacing": 8,
                "padding": 8,
                "background": "secondaryBackground",
                "cornerRadius": 12,
                "action": {
                  "type": "navigate",
                  "screen": "product/p5"
                },
                "accessibility": {
                  "children": "contain"
                },
                "children": [
                  {
                    "type": "image",
                    "id": "image-p5",
                    "url": "https://picsum.photos/seed/audio/600/400",
                    "aspectRatio": 1.5,
                    "contentMode": "fill",
                    "cornerRadius": 8,
                    "alt": "Noise-Cancelling Headphones",
                    "modifiers": [
                      {
                        "overlay": {
                          "alignment": "topLeading",
                          "content": {
                            "type": "text",
                            "id": "badge-p5",
                            "text": "−15 %",
                            "style": "caption",
                            "weight": "bold",
                            "color": "white",
                            "modifiers": [
                              {
                                "fixedSize": true
                              },
                              {
                                "padding": {
                                  "horizontal": 6,
                                  "vertical": 2
                                }
                              },
                              {
                                "background": "#D70015"
                              },
                              {
                                "cornerRadius": 4
                              },
                              {
                                "padding": 6
                              }
                            ]
                          }
                        }
                      }
                    ]
                  },
                  {
                    "type": "text",
                    "id": "title-p5",
                    "text": "Noise-Cancelling Headphones",
                    "style": "subheadline",
                    "weight": "semibold",
                    "lineLimit": 2
                  },
                  {
                    "type": "vstack",
                    "id": "row-p5",
                    "spacing": 8,
                    "children": [
                      {
                        "type": "viewThatFits",
                        "id": "prices-p5",
                        "axes": "horizontal",
                        "children": [
                          {
                            "type": "hstack",
                            "id": "prices-row-p5",
                            "spacing": 6,
                            "alignment": "bottom",
                            "children": [
                              {
                                "type": "text",
                                "id": "price-p5",
                                "text": "$199",
                                "style": "callout",
                                "weight": "bold"
                              },
                              {
                                "type": "text",
                                "id": "was-p5",
                                "text": "$249",
                                "style": "footnote",
                                "color": {
                                  "light": "#6C6C70",
                                  "dark": "#AEAEB2"
                                },
                                "strikethrough": true
                              }
                            ]
                          },
                          {
                            "type": "vstack",
                            "id": "prices-column-p5",
                            "spacing": 2,
                            "alignment": "leading",
                            "children": [
                              {
                                "type": "text",
                                "id": "price-p5-stacked",
                                "text": "$199",
                                "style": "callout",
                                "weight": "bold"
                              },
                              {
                                "type": "text",
                                "id": "was-p5-stacked",
                                "text": "$249",
                                "style": "footnote",
                                "color": {
                                  "light": "#6C6C70",
                                  "dark": "#AEAEB2"
                                },
                                "strikethrough": true
                              }
                            ]
                          }
                        ]
                      },
                      {
                        "type": "button",
                        "id": "buy-p5",
                        "title": "Buy",
                        "style": "borderedProminent",
                        "frame": {
                          "minHeight": 44
                        },
                        "action": {
                          "type": "present",
                          "screen": "checkout/p5",
                          "style": "pageSheet"
                        }
                      }
                    ],
                    "alignment": "leading"
                  }
                ],
                "modifiers": [
                  {
                    "shadow": {
                      "radius": 2,
                      "y": 1
                    }
                  }
                ]
              },
              {
                "type": "vstack",
                "id": "card-p6",
                "alignment": "leading",
                "spacing": 8,
                "padding": 8,
                "background": "secondaryBackground",
                "cornerRadius": 12,
                "action": {
                  "type": "navigate",
                  "screen": "product/p6"
                },
                "accessibility": {
                  "children": "contain"
                },
                "children": [
                  {
                    "type": "image",
                    "id": "image-p6",
                    "url": "https://picsum.photos/seed/linen/600/400",
                    "aspectRatio": 1.5,
                    "contentMode": "fill",
                    "cornerRadius": 8,
                    "alt": "Linen Throw Blanket"
                  },
                  {
                    "type": "text",
                    "id": "title-p6",
                    "text": "Linen Throw Blanket",
                    "style": "subheadline",
                    "weight": "semibold",
                    "lineLimit": 2
                  },
                  {
                    "type": "vstack",
                    "id": "row-p6",
                    "spacing": 8,
                    "children": [
                      {
                        "type": "text",
                        "id": "price-p6",
                        "text": "$68",
                        "style": "callout",
                        "weight": "bold"
                      },
                      {
                        "type": "button",
                        "id": "buy-p6",
                        "title": "Buy",
                        "style": "borderedProminent",
                        "frame": {
                          "minHeight": 44
                        },
                        "action": {
                          "type": "present",
                          "screen": "checkout/p6",
                          "style": "pageSheet"
                        }
                      }
                    ],
                    "alignment": "leading"
                  }
                ],
                "modifiers": [
                  {
                    "shadow": {
                      "radius": 2,
                      "y": 1
                    }
                  }
                ]
              },
              {
                "type": "vstack",
                "id": "card-p7",
                "alignment": "leading",
                "spacing": 8,
                "padding": 8,
                "background": "secondaryBackground",
                "cornerRadius": 12,
                "action": {
                  "type": "navigate",
                  "screen": "product/p7"
                },
                "accessibility": {
                  "children": "contain"
                },
                "children": [
                  {
                    "type": "image",
                    "id": "image-p7",
                    "url": "https://picsum.photos/seed/bottle/600/400",
                    "aspectRatio": 1.5,
                    "contentMode": "fill",
                    "cornerRadius": 8,
                    "alt": "Stainless Water Bottle"
                  },
                  {
                    "type": "text",
                    "id": "title-p7",
                    "text": "Stainless Water Bottle",
                    "style": "subheadline",
                    "weight": "semibold",
                    "lineLimit": 2
                  },
                  {
                    "type": "vstack",
                    "id": "row-p7",
                    "spacing": 8,
                    "children": [
                      {
                        "type": "text",
                        "id": "price-p7",
                        "text": "$32",
                        "style": "callout",
                        "weight": "bold"
                      },
                      {
                        "type": "button",
                        "id": "buy-p7",
                        "title": "Buy",
                        "style": "borderedProminent",
                        "frame": {
                          "minHeight": 44
                        },
                        "action": {
                          "type": "present",
                          "screen": "checkout/p7",
                          "style": "pageSheet"
                        }
                      }
                    ],
                    "alignment": "leading"
                  }
                ],
                "modifiers": [
                  {
                    "shadow": {
                      "radius": 2,
                      "y": 1
                    }
                  }
                ]
              },
              {
                "type": "vstack",
                "id": "card-p8",
                "alignment": "leading",
                "spacing": 8,
                "padding": 8,
                "background": "secondaryBackground",
                "cornerRadius": 12,
                "action": {
                  "type": "navigate",
                  "screen": "product/p8"
                },
                "accessibility": {
                  "children": "contain"
                },
                "children": [
                  {
                    "type": "image",
                    "id": "image-p8",
                    "url": "https://picsum.photos/seed/desk/600/400",
                    "aspectRatio": 1.5,
                    "contentMode": "fill",
                    "cornerRadius": 8,
                    "alt": "Walnut Desk Organizer",
                    "modifiers": [
                      {
                        "overlay": {
                          "alignment": "topLeading",
                          "content": {
                            "type": "text",
                            "id": "badge-p8",
                            "text": "−10 %",
                            "style": "caption",
                            "weight": "bold",
                            "color": "white",
                            "modifiers": [
                              {
                                "fixedSize": true
                              },
                              {
                                "padding": {
                                  "horizontal": 6,
                                  "vertical": 2
                                }
                              },
                              {
                                "background": "#D70015"
                              },
                              {
                                "cornerRadius": 4
                              },
                              {
                                "padding": 6
                              }
                            ]
                          }
                        }
                      }
                    ]
                  },
                  {
                    "type": "text",
                    "id": "title-p8",
                    "text": "Walnut Desk Organizer",
                    "style": "subheadline",
                    "weight": "semibold",
                    "lineLimit": 2
                  },
                  {
                    "type": "vstack",
                    "id": "row-p8",
                    "spacing": 8,
                    "children": [
                      {
                        "type": "viewThatFits",
                        "id": "prices-p8",
                        "axes": "horizontal",
                        "children": [
                          {
                            "type": "hstack",
                            "id": "prices-row-p8",
                            "spacing": 6,
                            "alignment": "bottom",
                            "children": [
                              {
                                "type": "text",
                                "id": "price-p8",
                                "text": "$43",
                                "style": "callout",
                                "weight": "bold"
                              },
                              {
                                "type": "text",
                                "id": "was-p8",
                                "text": "$54",
                                "style": "footnote",
                                "color": {
                                  "light": "#6C6C70",
                                  "dark": "#AEAEB2"
                                },
                                "strikethrough": true
                              }
                            ]
                          },
                          {
                            "type": "vstack",
                            "id": "prices-column-p8",
                            "spacing": 2,
                            "alignment": "leading",
                            "children": [
                              {
                                "type": "text",
                                "id": "price-p8-stacked",
                                "text": "$43",
                                "style": "callout",
                                "weight": "bold"
                              },
                              {
                                "type": "text",
                                "id": "was-p8-stacked",
                                "text": "$54",
                                "style": "footnote",
                                "color": {
                                  "light": "#6C6C70",
                                  "dark": "#AEAEB2"
                                },
                                "strikethrough": true
                              }
                            ]
                          }
                        ]
                      },
                      {
                        "type": "button",
                        "id": "buy-p8",
                        "title": "Buy",
                        "style": "borderedProminent",
                        "frame": {
                          "minHeight": 44
                        },
                        "action": {
                          "type": "present",
                          "screen": "checkout/p8",
                          "style": "pageSheet"
                        }
                      }
                    ],
                    "alignment": "leading"
                  }
                ],
                "modifiers": [
                  {
                    "shadow": {
                      "radius": 2,
                      "y": 1
                    }
                  }
                ]
              }
            ]
          }
        ]
      }
    ]
  }
}
"""##
}
