/** The event-time context of an operator ({@code EventTimeContext}). */
package com.ibm.streams.operator.eventtime;
